import { useTranslation } from 'react-i18next';
import { isSocialLoginError, type SocialLoginError } from '@parley/shared';
import { Alert } from '../../../components/ui/alert';
import { useStartupConfig } from '../../config/config.api';

const KEYS: Record<SocialLoginError, string> = {
  cancelled: 'com_auth_social_error_cancelled',
  expired: 'com_auth_social_error_expired',
  failed: 'com_auth_social_error_failed',
  unavailable: 'com_auth_social_error_unavailable',
  registration_closed: 'com_auth_social_error_registration_closed',
  domain_not_allowed: 'com_auth_social_error_domain_not_allowed',
  email_not_verified: 'com_auth_social_error_email_not_verified',
  account_not_verified: 'com_auth_social_error_account_not_verified',
  banned: 'com_auth_error_login_ban',
  rate_limited: 'com_auth_error_login_rl',
};

/**
 * Why a social sign-in came back without a session: the server's callback redirects to `/login?error=<code>`
 * (docs/reference/accounts.md (Social sign-in)). A code the page does not know shows the general failure.
 */
export function SocialLoginErrorAlert({ code }: { code: string | null }) {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  if (!code) return null;
  // An unverified account: with e-mail on, a mailed reset link proves the address; without, only the operator helps.
  const key =
    code === 'account_not_verified' && !config.emailEnabled
      ? 'com_auth_social_error_account_not_verified_no_email'
      : isSocialLoginError(code)
        ? KEYS[code]
        : KEYS.failed;
  return (
    <div data-testid="social-login-error">
      <Alert>{t(key)}</Alert>
    </div>
  );
}
