import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { INVITE_CODE_PATTERN } from '@parley/shared';
import { Spinner } from '../../components/ui/spinner';
import { api } from '../../lib/api';
import { inviteVerdict } from './invite-verdict';
import { NotFoundPage } from './not-found-page';

export { NotFoundPage };

/**
 * /:inviteCode (docs/reference/settings-and-ui.md (Routes)): a real invite code is replaced by
 * /register?inviteCode=…; any other word is "Page not found".
 */
export function InvitePage() {
  const { inviteCode = '' } = useParams();
  const check = useQuery({
    queryKey: ['invite', inviteCode],
    queryFn: () => api.call('checkInvite', { params: { code: inviteCode } }),
    enabled: INVITE_CODE_PATTERN.test(inviteCode),
    retry: false,
    staleTime: Infinity,
  });
  const verdict = inviteVerdict(inviteCode, check);
  if (verdict === 'not-found') return <NotFoundPage />;
  if (verdict === 'checking') {
    return (
      <div className="h-dvh bg-white dark:bg-zinc-950">
        <Spinner />
      </div>
    );
  }
  return <Navigate to={`/register?inviteCode=${encodeURIComponent(inviteCode)}`} replace />;
}
