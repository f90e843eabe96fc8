import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindPhoneSchema } from '@parley/shared';
import { Alert } from '../../../components/ui/alert';
import { translateMessage } from '../../../lib/translate-message';
import { PhoneCodeFields } from '../../auth/components/phone-code-fields';
import { useSendCode, type Notice } from '../../auth/components/use-send-code';
import { showToast } from '../../toast/toast.store';
import { useBindPhoneMutation } from '../account.api';
import { useServerText } from '../use-server-text';
import { FormDialog } from './form-dialog';

/** Bind a phone: the code texted to it (the sign-in codes and their limits) proves it. */
export function BindPhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const bind = useBindPhoneMutation();
  const serverText = useServerText();
  const sender = useSendCode(setNotice, serverText);

  const onSubmit = () => {
    const parsed = bindPhoneSchema.safeParse({ phone, verifyCode: code });
    if (!parsed.success) return setFieldError(translateMessage(t, i18n, parsed.error.issues[0]?.message));
    bind.mutate(parsed.data, {
      onSuccess: () => {
        showToast({ message: t('com_ui_account_phone_bound'), severity: 'success' });
        onClose();
      },
      onError: (error) => setNotice({ tone: 'error', text: serverText(error, 'com_ui_account_error') }),
    });
  };

  return (
    <FormDialog
      open={open}
      title={t('com_ui_account_bind_phone')}
      testId="bind-phone-dialog"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('com_ui_account_bind')}
      submitTestId="bind-phone-submit"
      submitDisabled={bind.isPending || code.trim() === ''}
    >
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <PhoneCodeFields
        phone={phone}
        phoneField={{
          value: phone,
          error: fieldError,
          onChange: (e) => {
            setPhone(e.target.value);
            setFieldError(undefined);
          },
        }}
        codeField={{ value: code, onChange: (e) => setCode(e.target.value) }}
        sender={sender}
        sendTestId="bind-send-code"
        sendWidth="w-32"
      />
    </FormDialog>
  );
}
