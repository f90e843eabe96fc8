import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestEmailChangeSchema } from '@parley/shared';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/text-field';
import { translateMessage } from '../../../lib/translate-message';
import { useRequestEmailChangeMutation } from '../account.api';
import { useServerText } from '../use-server-text';
import { FormDialog } from './form-dialog';

/**
 * Bind an e-mail, or verify the account's unverified one: a link is mailed, and the address becomes the account's
 * (verified) when it is followed.
 */
export function BindEmailDialog({
  open,
  current,
  onClose,
}: {
  open: boolean;
  /** The account's unverified address, offered for verifying. */
  current?: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState(current ?? '');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const request = useRequestEmailChangeMutation();
  const serverText = useServerText();

  const onSubmit = () => {
    const parsed = requestEmailChangeSchema.safeParse({ email });
    if (!parsed.success) return setFieldError(translateMessage(t, i18n, parsed.error.issues[0]?.message));
    setProblem(null);
    request.mutate(parsed.data, {
      onSuccess: () => setSentTo(parsed.data.email),
      onError: (error) => setProblem(serverText(error, 'com_ui_account_error')),
    });
  };
  const title = current ? t('com_ui_account_verify_email') : t('com_ui_account_bind_email');

  return (
    <FormDialog
      open={open}
      title={title}
      testId="bind-email-dialog"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={sentTo ? t('com_ui_account_resend_link') : t('com_ui_account_send_link')}
      submitTestId="send-email-link"
      submitDisabled={request.isPending}
      cancelLabel={sentTo ? t('com_ui_close') : t('com_ui_account_cancel')}
    >
      {sentTo && <Alert tone="info">{t('com_ui_account_email_link_sent', { email: sentTo })}</Alert>}
      {problem && <Alert>{problem}</Alert>}
      <TextField
        label={t('com_ui_account_email')}
        type="email"
        autoComplete="email"
        value={email}
        error={fieldError}
        onChange={(e) => {
          setEmail(e.target.value);
          setFieldError(undefined);
        }}
      />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('com_ui_account_email_hint')}</p>
    </FormDialog>
  );
}
