import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_CODE } from '@parley/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { countdownText } from '../phone-form-rules';
import type { SendCode } from './use-send-code';

/** What a form gives each field: its value and change handler (or react-hook-form's register), and its error. */
type FieldProps = Omit<ComponentProps<typeof TextField>, 'label'>;

interface PhoneCodeFieldsProps {
  /** The phone typed so far: the send button works once it is a valid number. */
  phone: string;
  phoneField: FieldProps;
  codeField: FieldProps;
  sender: SendCode;
  sendTestId: string;
  /** The send button's width class, which fits the longest countdown text in its form. */
  sendWidth: string;
}

/** Phone, SMS code and the button that texts the code, showing the wait before it may be pressed again. */
export function PhoneCodeFields({
  phone,
  phoneField,
  codeField,
  sender,
  sendTestId,
  sendWidth,
}: PhoneCodeFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('com_auth_phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={t('com_auth_phone_placeholder')}
        maxLength={13}
        {...phoneField}
      />
      <div className="flex items-start gap-2">
        <TextField
          className="min-w-0 flex-1"
          label={t('com_auth_verify_code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('com_auth_verify_code_placeholder')}
          maxLength={SMS_CODE.length}
          {...codeField}
        />
        <Button
          variant="secondary"
          data-testid={sendTestId}
          className={`mt-[26px] ${sendWidth} shrink-0 whitespace-nowrap tabular-nums disabled:text-zinc-400 dark:disabled:text-zinc-500`}
          disabled={!sender.canSend(phone)}
          onClick={() => sender.send(phone)}
          aria-live="polite"
        >
          {sender.secondsLeft > 0
            ? t('com_auth_resend_in', { seconds: countdownText(sender.secondsLeft) })
            : t('com_auth_send_code')}
        </Button>
      </div>
    </>
  );
}
