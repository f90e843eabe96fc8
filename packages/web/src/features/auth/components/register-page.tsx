import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useStartupConfig } from '../../config/config.api';
import { useAuthStore } from '../auth.store';
import { AuthLayout } from './auth-layout';
import { PasswordRegisterForm } from './password-register-form';

/**
 * /register. The phone + SMS code form belongs here (docs/reference/accounts.md (Planned account features)); until its
 * API exists the page holds the password registration form. Swap the form below, keep the frame, the redirects and the
 * login link.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const status = useAuthStore((s) => s.status);
  const { config, isLoaded } = useStartupConfig();
  const inviteCode = params.get('inviteCode') || undefined;

  if (status === 'authenticated') return <Navigate to="/c/new" replace />;
  if (isLoaded && !config.registrationEnabled) return <Navigate to="/login" replace />;

  const loginHref = inviteCode ? `/login?inviteCode=${encodeURIComponent(inviteCode)}` : '/login';
  return (
    <AuthLayout title={t('com_auth_create_account')} subtitle={t('com_auth_register_subtitle')}>
      <div className="flex flex-col gap-5">
        <PasswordRegisterForm inviteCode={inviteCode} />
        <p className="text-center text-sm text-zinc-600 dark:text-zinc-400">
          {t('com_auth_have_account')}{' '}
          <Link to={loginHref} className="font-medium text-teal-700 hover:underline dark:text-teal-400">
            {t('com_auth_login')}
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
