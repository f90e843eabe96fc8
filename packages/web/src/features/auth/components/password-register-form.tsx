import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { registerSchema, type RegisterInput, type RegisterPayload } from '@parley/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-error';
import { translateMessage } from '../../../lib/translate-message';
import { useRegisterMutation } from '../auth.api';

type FieldName = keyof RegisterInput;
const FIELDS: readonly string[] = ['name', 'username', 'email', 'password', 'confirm_password', 'inviteCode'];
const isField = (name: string | undefined): name is FieldName => !!name && FIELDS.includes(name);
// Conflicts come without an i18n key; these keep them in the user's language.
const CONFLICT_KEYS: Partial<Record<FieldName, string>> = {
  email: 'com_auth_email_taken',
  username: 'com_auth_username_taken',
};

/** Password registration (docs/reference/accounts.md (Registration)); the inviter comes hidden from ?inviteCode. */
export function PasswordRegisterForm({ inviteCode }: { inviteCode?: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const registration = useRegisterMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [activationSent, setActivationSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterInput, unknown, RegisterPayload>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', username: '', email: '', password: '', confirm_password: '', inviteCode },
  });

  const onSubmit = handleSubmit((payload) => {
    setFormError(null);
    registration.mutate(payload, {
      onSuccess: (result) => {
        if ('token' in result) void navigate('/c/new', { replace: true });
        else setActivationSent(true);
      },
      onError: (error) => {
        const body = isApiError(error) ? error.body : null;
        // Validation (400) and conflicts (409: e-mail or username taken) that name a field show on it.
        if (isApiError(error) && isField(body?.field) && body.field !== 'inviteCode') {
          const conflictKey = error.status === 409 ? CONFLICT_KEYS[body.field] : undefined;
          setError(body.field, { type: 'server', message: body.key ?? conflictKey ?? error.message });
        } else if (isApiError(error) && error.status >= 400 && error.status < 500 && body?.message) {
          // A 409 without a field, a 403 (registration closed) and the like: the server's words.
          setFormError(translateMessage(t, i18n, body.key) ?? body.message);
        } else {
          setFormError(t('com_auth_error_create'));
        }
      },
    });
  });
  const fieldError = (name: FieldName) => translateMessage(t, i18n, errors[name]?.message);
  if (activationSent) {
    return (
      <div data-testid="activation-sent">
        <Alert tone="info">{t('com_auth_activation_sent')}</Alert>
      </div>
    );
  }

  return (
    <form
      data-testid="register-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      {formError && <Alert>{formError}</Alert>}
      <input type="hidden" {...register('inviteCode')} />
      <TextField
        label={t('com_auth_full_name')}
        autoComplete="name"
        error={fieldError('name')}
        {...register('name')}
      />
      <TextField
        label={t('com_auth_username_optional')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={fieldError('username')}
        {...register('username')}
      />
      <TextField
        label={t('com_auth_email')}
        type="email"
        autoComplete="email"
        spellCheck={false}
        error={fieldError('email')}
        {...register('email')}
      />
      <TextField
        label={t('com_auth_password')}
        type="password"
        autoComplete="new-password"
        error={fieldError('password')}
        {...register('password')}
      />
      <TextField
        label={t('com_auth_confirm_password')}
        type="password"
        autoComplete="new-password"
        error={fieldError('confirm_password')}
        {...register('confirm_password')}
      />
      <Button type="submit" disabled={registration.isPending} className="mt-1 w-full">
        {t('com_auth_submit')}
      </Button>
    </form>
  );
}
