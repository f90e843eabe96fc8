import { Navigate, useParams } from 'react-router';

/** /:inviteCode replaces itself with /register?inviteCode=... (spec 2 §2). */
export function InviteRedirect() {
  const { inviteCode = '' } = useParams();
  return <Navigate to={`/register?inviteCode=${encodeURIComponent(inviteCode)}`} replace />;
}
