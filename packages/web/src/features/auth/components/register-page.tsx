import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useStartupConfig } from '../../config/config.api';
import { useAuthStore } from '../auth.store';
import { AuthLayout } from './auth-layout';
import { Divider } from '../../../components/ui/divider';
import { PasswordRegisterForm } from './password-register-form';
import { SocialLogins, visibleProviders } from './social-logins';
import { PhoneRegisterForm } from './phone-register-form';
import { registerModeOf } from './register-mode';

const linkClass = 'font-medium text-teal-700 hover:underline dark:text-teal-400';

/**
 * /register (docs/reference/accounts.md (Phone sign-in)): the phone and SMS-code form when the server sends codes,
 * with the e-mail sign-up one link away (`?method=email`); the e-mail form alone when it does not. The phone form is
 * titled a sign-up, or a sign-in when the login page's code link opened it (register-mode.ts); either way its words
 * say before any code is sent that a new number sets a password.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const status = useAuthStore((s) => s.status);
  const { config, isLoaded } = useStartupConfig();
  const inviteCode = params.get('inviteCode') || undefined;

  if (status === 'authenticated') return <Navigate to="/c/new" replace />;
  if (isLoaded && !config.registrationEnabled) return <Navigate to="/login" replace />;

  const withInvite = (path: string, extra: Record<string, string> = {}) => {
    const query = new URLSearchParams({ ...(inviteCode ? { inviteCode } : {}), ...extra }).toString();
    return query ? `${path}?${query}` : path;
  };
  const emailAllowed = config.emailLoginEnabled;
  const usePhone = config.smsEnabled && !(emailAllowed && params.get('method') === 'email');
  const phoneLogin = registerModeOf(params) === 'login';
  const [title, subtitle] = !usePhone
    ? ['com_auth_create_account', 'com_auth_register_subtitle']
    : phoneLogin
      ? ['com_auth_phone_title', 'com_auth_phone_subtitle']
      : ['com_auth_phone_signup_title', 'com_auth_phone_signup_subtitle'];

  return (
    <AuthLayout title={t(title)} subtitle={t(subtitle)}>
      <div className="flex flex-col gap-5">
        {usePhone ? (
          <PhoneRegisterForm inviteCode={inviteCode} />
        ) : (
          <PasswordRegisterForm inviteCode={inviteCode} />
        )}
        {config.smsEnabled && emailAllowed && (
          <p className="text-center text-sm">
            <Link
              to={usePhone ? withInvite('/register', { method: 'email' }) : withInvite('/register')}
              className={linkClass}
            >
              {usePhone ? t('com_auth_register_with_email') : t('com_auth_register_with_phone')}
            </Link>
          </p>
        )}
        {visibleProviders(config).length > 0 && <Divider label={t('com_auth_or')} />}
        {/* Signing up through a provider keeps the invite: the server records it if the account is new. */}
        <SocialLogins config={config} inviteCode={inviteCode} />
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          {t('com_auth_have_account')}{' '}
          <Link to={withInvite('/login')} className={linkClass}>
            {usePhone ? t('com_auth_login_with_password') : t('com_auth_login')}
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
