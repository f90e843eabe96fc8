import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  phoneLoginSchema,
  phoneLoginWithPasswordSchema,
  type PhoneLoginInput,
  type PhoneLoginPayload,
} from '@parley/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-error';
import { translateMessage } from '../../../lib/translate-message';
import { usePhoneLoginMutation } from '../auth.api';
import { asksForPassword } from '../phone-form-rules';
import { PhoneCodeFields } from './phone-code-fields';
import { useSendCode, type Notice } from './use-send-code';

/**
 * Sign-in and sign-up by phone and SMS code (docs/reference/accounts.md (Phone sign-in)): phone, code with its send
 * button, and a password that appears only when the server says this is a first login. The inviter comes hidden
 * from ?inviteCode.
 */
export function PhoneRegisterForm({ inviteCode }: { inviteCode?: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const phoneLogin = usePhoneLoginMutation();
  const [needsPassword, setNeedsPassword] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
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

  const sender = useSendCode(setNotice, serverText);

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

  return (
    <form
      data-testid="phone-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <input type="hidden" {...register('inviter')} />
      <PhoneCodeFields
        phone={phone}
        phoneField={{ error: fieldError('phone'), ...register('phone') }}
        codeField={{ error: fieldError('verifyCode'), ...register('verifyCode') }}
        sender={sender}
        sendTestId="send-code"
        sendWidth="w-36"
      />
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
