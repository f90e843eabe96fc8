import { Navigate, useParams } from 'react-router';

/** /:inviteCode replaces itself with /register?inviteCode=... (docs/reference/settings-and-ui.md (Routes)). */
export function InviteRedirect() {
  const { inviteCode = '' } = useParams();
  return <Navigate to={`/register?inviteCode=${encodeURIComponent(inviteCode)}`} replace />;
}
