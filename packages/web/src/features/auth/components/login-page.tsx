import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Divider } from '../../../components/ui/divider';
import { useStartupConfig } from '../../config/config.api';
import { useAuthStore } from '../auth.store';
import { AuthLayout } from './auth-layout';
import { LoginForm } from './login-form';
import { SocialLoginErrorAlert } from './social-login-error';
import { SocialLogins, visibleProviders } from './social-logins';
import { registerLink } from './register-mode';

/**
 * /login: password sign-in, social buttons, and the way to the code login and sign-up
 * (docs/reference/accounts.md (Signing in)).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const [params] = useSearchParams();
  const status = useAuthStore((s) => s.status);
  const authError = useAuthStore((s) => s.authError);
  const { config } = useStartupConfig();

  if (status === 'authenticated') return <Navigate to="/c/new" replace />;
  const hasSocial = visibleProviders(config).length > 0;

  return (
    <AuthLayout title={t('com_auth_welcome_back')} subtitle={t('com_auth_login_subtitle')}>
      <div className="flex flex-col gap-5">
        {authError && <Alert tone="info">{t('com_auth_session_expired')}</Alert>}
        <SocialLoginErrorAlert code={params.get('error')} />
        {config.emailLoginEnabled && <LoginForm phoneAccounts={config.smsEnabled} />}
        {config.emailLoginEnabled && hasSocial && <Divider label={t('com_auth_or')} />}
        <SocialLogins config={config} inviteCode={params.get('inviteCode') || undefined} />
        {config.registrationEnabled && config.smsEnabled && (
          <p className="text-center text-sm">
            <Link
              to={registerLink(search, 'login')}
              data-testid="code-login-link"
              className="font-medium text-teal-700 hover:underline dark:text-teal-400"
            >
              {t('com_auth_login_with_code')}
            </Link>
          </p>
        )}
        {config.registrationEnabled && (
          <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
            {t('com_auth_no_account')}{' '}
            <Link
              to={registerLink(search, 'signup')}
              data-testid="sign-up-link"
              className="font-medium text-teal-700 hover:underline dark:text-teal-400"
            >
              {t('com_auth_sign_up')}
            </Link>
          </p>
        )}
      </div>
    </AuthLayout>
  );
}
