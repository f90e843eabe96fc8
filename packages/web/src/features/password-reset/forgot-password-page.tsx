import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgotPasswordSchema, type ForgotPasswordInput, type ForgotPasswordPayload } from '@parley/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { translateMessage } from '../../lib/translate-message';
import { AuthLayout } from '../auth/components/auth-layout';
import { useStartupConfig } from '../config/config.api';
import { useRequestResetMutation } from './password-reset.api';
import { useTimedBanner } from './use-timed-banner';

const linkClass = 'text-sm font-medium text-teal-700 hover:underline dark:text-teal-400';

/**
 * /forgot-password (docs/reference/accounts.md (Forgot and reset password)): one e-mail field. After a success the
 * form gives way to "link sent"; on a server that sends no e-mail, to "ask the administrator" (the link is in the
 * server's log), or to the link itself when the server hands it out for a local trial. A failure shows a banner
 * for 5 s.
 */
export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation();
  const request = useRequestResetMutation();
  const banner = useTimedBanner();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordInput, unknown, ForgotPasswordPayload>({
    mode: 'onChange',
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit((payload) => {
    banner.clear();
    request.mutate(payload, { onError: () => banner.show(t('com_auth_error_reset_password')) });
  });
  const done = request.isSuccess ? request.data : null;

  return (
    <AuthLayout
      title={t('com_auth_reset_password')}
      subtitle={done ? undefined : t('com_auth_forgot_subtitle')}
    >
      {done ? (
        <ResetRequested link={done.link} />
      ) : (
        <form
          data-testid="forgot-form"
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="flex flex-col gap-4"
        >
          {banner.text && <Alert>{banner.text}</Alert>}
          <TextField
            label={t('com_auth_email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            error={translateMessage(t, i18n, errors.email?.message)}
            {...register('email')}
          />
          <Button type="submit" disabled={request.isPending} className="mt-1 w-full">
            {t('com_auth_send_reset_link')}
          </Button>
          <Link to="/login" className={`${linkClass} self-center`}>
            {t('com_auth_back_to_login')}
          </Link>
        </form>
      )}
    </AuthLayout>
  );
}

/**
 * What follows a reset request: "link sent" with e-mail on; without, "ask the administrator", or the link itself
 * when the server hands it out (PASSWORD_RESET_LINK_IN_RESPONSE, a local trial).
 */
export function ResetRequested({ link }: { link: string | undefined }) {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  // The link from the answer goes to this app's own reset screen, whatever origin the server wrote.
  const resetPath = link ? pathOf(link) : null;
  return (
    <div data-testid="forgot-done" className="flex flex-col gap-4">
      {resetPath ? (
        <>
          <Alert tone="info">{t('com_auth_reset_link_no_email')}</Alert>
          <Link to={resetPath} data-testid="reset-link" className={linkClass}>
            {t('com_auth_click_here_to_reset')}
          </Link>
        </>
      ) : (
        <Alert tone="info">
          {t(config.emailEnabled ? 'com_auth_reset_password_link_sent' : 'com_auth_reset_ask_admin')}
        </Alert>
      )}
      <Link to="/login" className={linkClass}>
        {t('com_auth_back_to_login')}
      </Link>
    </div>
  );
}

function pathOf(link: string): string | null {
  try {
    const url = new URL(link, window.location.origin);
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}
