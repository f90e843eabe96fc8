import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '@parley/shared';
import { Alert } from '../../components/ui/alert';
import { isApiError } from '../../lib/api-error';
import { AuthLayout } from '../auth/components/auth-layout';
import { useVerifyEmailMutation } from './password-reset.api';

const linkClass = 'text-sm font-medium text-teal-700 hover:underline dark:text-teal-400';

/**
 * /verify?token=&userId=: the activation link's landing (docs/reference/accounts.md (E-mail activation)). It posts
 * the link once on arrival; a link that is missing, used or expired sends the user to sign in, which mails a new one.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const userId = params.get('userId') ?? '';
  const verify = useVerifyEmailMutation();
  const sent = useRef(false);
  useEffect(() => {
    // Once per visit: a second post of the same link would be refused and hide the success (React runs effects twice
    // in development).
    if (sent.current || !token || !userId) return;
    sent.current = true;
    verify.mutate({ token, userId });
  }, [token, userId, verify]);

  const invalid =
    !token ||
    !userId ||
    (isApiError(verify.error) && verify.error.body?.message === AUTH_MESSAGES.invalidActivation);
  let body;
  // A binding link from the account page answers its own message: the address was added, not an account activated.
  if (verify.isSuccess)
    body = (
      <Alert tone="info">
        {verify.data.message === AUTH_MESSAGES.emailBound
          ? t('com_auth_email_bound')
          : t('com_auth_email_verified')}
      </Alert>
    );
  else if (invalid) body = <Alert>{t('com_auth_invalid_activation')}</Alert>;
  else if (verify.isError) body = <Alert>{t('com_auth_verify_error')}</Alert>;
  else body = <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('com_auth_verifying')}</p>;

  return (
    <AuthLayout title={t('com_auth_verify_title')}>
      <div data-testid="verify-email" className="flex flex-col gap-4">
        {body}
        {(verify.isSuccess || invalid || verify.isError) && (
          <Link to="/login" className={linkClass}>
            {verify.isSuccess ? t('com_auth_continue') : t('com_auth_back_to_login')}
          </Link>
        )}
      </div>
    </AuthLayout>
  );
}
