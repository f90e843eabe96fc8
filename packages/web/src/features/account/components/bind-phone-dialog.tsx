import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bindPhoneSchema, SMS_CODE } from '@parley/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { TextField } from '../../../components/ui/text-field';
import { translateMessage } from '../../../lib/translate-message';
import { useSendVerifyCodeMutation } from '../../auth/auth.api';
import { useCountdown } from '../../auth/components/use-countdown';
import { canSendCode, countdownAfter, countdownText } from '../../auth/phone-form-rules';
import { showToast } from '../../toast/toast.store';
import { useBindPhoneMutation } from '../account.api';
import { useServerText } from '../use-server-text';

type Notice = { tone: 'error' | 'info'; text: string };

/** Bind a phone: the code texted to it (the sign-in codes and their limits) proves it. */
export function BindPhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [secondsLeft, startCountdown] = useCountdown();
  const sendCode = useSendVerifyCodeMutation();
  const bind = useBindPhoneMutation();
  const serverText = useServerText();

  const onSend = () => {
    setNotice(null);
    sendCode.mutate(phone, {
      onSuccess: (result) => {
        startCountdown(countdownAfter({ ok: true, resendAfterSeconds: result.resendAfterSeconds }));
        setNotice({ tone: 'info', text: t('com_auth_code_sent') });
      },
      onError: (error) => {
        startCountdown(countdownAfter({ ok: false, error }));
        setNotice({ tone: 'error', text: serverText(error, 'com_auth_error_send_code') });
      },
    });
  };
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
    <DialogFrame
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('com_ui_account_bind_phone')}
      testId="bind-phone-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        className="flex flex-col gap-4 overflow-y-auto px-5 py-4"
      >
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <TextField
          label={t('com_auth_phone')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={t('com_auth_phone_placeholder')}
          maxLength={13}
          value={phone}
          error={fieldError}
          onChange={(e) => {
            setPhone(e.target.value);
            setFieldError(undefined);
          }}
        />
        <div className="flex items-start gap-2">
          <TextField
            className="min-w-0 flex-1"
            label={t('com_auth_verify_code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder={t('com_auth_verify_code_placeholder')}
            maxLength={SMS_CODE.length}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <Button
            variant="secondary"
            data-testid="bind-send-code"
            className="mt-[26px] w-32 shrink-0 whitespace-nowrap tabular-nums disabled:text-zinc-400 dark:disabled:text-zinc-500"
            disabled={!canSendCode(phone, secondsLeft, sendCode.isPending)}
            onClick={onSend}
            aria-live="polite"
          >
            {secondsLeft > 0
              ? t('com_auth_resend_in', { seconds: countdownText(secondsLeft) })
              : t('com_auth_send_code')}
          </Button>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('com_ui_account_cancel')}
          </Button>
          <Button
            type="submit"
            data-testid="bind-phone-submit"
            disabled={bind.isPending || code.trim() === ''}
          >
            {t('com_ui_account_bind')}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}
