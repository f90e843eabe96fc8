import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  phoneLoginSchema,
  SMS_CODE,
  phoneLoginWithPasswordSchema,
  type PhoneLoginInput,
  type PhoneLoginPayload,
} from '@parley/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-error';
import { translateMessage } from '../../../lib/translate-message';
import { usePhoneLoginMutation, useSendVerifyCodeMutation } from '../auth.api';
import { asksForPassword, canSendCode, countdownAfter, countdownText } from '../phone-form-rules';
import { useCountdown } from './use-countdown';

type Notice = { tone: 'error' | 'info'; text: string };

/**
 * Sign-in and sign-up by phone and SMS code (docs/reference/accounts.md (Phone sign-in)): phone, code with its send
 * button, and a password that appears only when the server says this is a first login. The inviter comes hidden
 * from ?inviteCode.
 */
export function PhoneRegisterForm({ inviteCode }: { inviteCode?: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const sendCode = useSendVerifyCodeMutation();
  const phoneLogin = usePhoneLoginMutation();
  const [needsPassword, setNeedsPassword] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [secondsLeft, startCountdown] = useCountdown();
  const passwordRef = useRef<HTMLInputElement | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<PhoneLoginInput, unknown, PhoneLoginPayload>({
    resolver: zodResolver(needsPassword ? phoneLoginWithPasswordSchema : phoneLoginSchema),
    mode: 'onChange',
    defaultValues: { phone: '', verifyCode: '', password: '', inviter: inviteCode },
  });
  const phone = useWatch({ control, name: 'phone' }) ?? '';

  // The password field takes the focus when it appears, so the user types straight on.
  useEffect(() => {
    if (needsPassword) passwordRef.current?.focus();
  }, [needsPassword]);

  const serverText = (error: unknown, fallbackKey: string): string => {
    const body = isApiError(error) ? error.body : null;
    if (isApiError(error) && error.status >= 400 && error.status < 600 && body?.message) {
      return translateMessage(t, i18n, body.key) ?? body.message;
    }
    return t(fallbackKey);
  };

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

  const onSubmit = handleSubmit((payload) => {
    setNotice(null);
    phoneLogin.mutate(payload, {
      onSuccess: () => void navigate('/c/new', { replace: true }),
      onError: (error) => {
        if (asksForPassword(error)) {
          setNeedsPassword(true);
          setNotice({ tone: 'info', text: serverText(error, 'com_auth_first_login_password') });
          return;
        }
        setNotice({ tone: 'error', text: serverText(error, 'com_auth_error_create') });
      },
    });
  });

  const fieldError = (name: keyof PhoneLoginInput) => translateMessage(t, i18n, errors[name]?.message);
  const { ref: passwordFieldRef, ...passwordField } = register('password');
  const counting = secondsLeft > 0;

  return (
    <form
      data-testid="phone-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <input type="hidden" {...register('inviter')} />
      <TextField
        label={t('com_auth_phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={t('com_auth_phone_placeholder')}
        maxLength={13}
        error={fieldError('phone')}
        {...register('phone')}
      />
      <div className="flex items-start gap-2">
        <TextField
          className="min-w-0 flex-1"
          label={t('com_auth_verify_code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('com_auth_verify_code_placeholder')}
          maxLength={SMS_CODE.length}
          error={fieldError('verifyCode')}
          {...register('verifyCode')}
        />
        <Button
          variant="secondary"
          data-testid="send-code"
          className="mt-[26px] w-36 shrink-0 whitespace-nowrap tabular-nums disabled:text-zinc-400 dark:disabled:text-zinc-500"
          disabled={!canSendCode(phone, secondsLeft, sendCode.isPending)}
          onClick={onSend}
          aria-live="polite"
        >
          {counting
            ? t('com_auth_resend_in', { seconds: countdownText(secondsLeft) })
            : t('com_auth_send_code')}
        </Button>
      </div>
      {needsPassword && (
        <TextField
          label={t('com_auth_set_password')}
          type="password"
          autoComplete="new-password"
          error={fieldError('password')}
          ref={(element) => {
            passwordFieldRef(element);
            passwordRef.current = element;
          }}
          {...passwordField}
        />
      )}
      <Button
        type="submit"
        disabled={Boolean(errors.phone || errors.verifyCode) || phoneLogin.isPending}
        className="mt-1 w-full"
      >
        {t('com_auth_phone_submit')}
      </Button>
    </form>
  );
}
