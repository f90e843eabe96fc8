import { INVITE_CODE_PATTERN } from '@parley/shared';
import { isApiError } from '../../lib/api-error';

/** What `/{inviteCode}` does: wait for the check, go to sign-up, or show "Page not found". */
export type InviteVerdict = 'checking' | 'register' | 'not-found';

/**
 * docs/reference/accounts.md (Invite links): a word that cannot be a code is not asked about; a code the server does
 * not know (404, or 400 for one it finds malformed) is "Page not found". When the check itself fails (rate limited,
 * offline), the link still leads to sign-up, which ignores an unknown code, so a real invite is never lost.
 */
export function inviteVerdict(
  code: string,
  check: { status: 'pending' | 'success' | 'error'; error: unknown },
): InviteVerdict {
  if (!INVITE_CODE_PATTERN.test(code)) return 'not-found';
  if (check.status === 'pending') return 'checking';
  if (check.status === 'success') return 'register';
  const status = isApiError(check.error) ? check.error.status : 0;
  return status === 404 || status === 400 ? 'not-found' : 'register';
}
