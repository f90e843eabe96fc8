import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '../auth/components/auth-layout';

/** /reset-password?token=&userId=: the new-password form comes with the password-reset feature. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('com_auth_set_new_password')} subtitle={t('com_auth_reset_placeholder')}>
      <Link to="/login" className="text-sm font-medium text-teal-700 hover:underline dark:text-teal-400">
        {t('com_auth_back_to_login')}
      </Link>
    </AuthLayout>
  );
}
