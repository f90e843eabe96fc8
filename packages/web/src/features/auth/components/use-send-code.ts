import { useTranslation } from 'react-i18next';
import { useSendVerifyCodeMutation } from '../auth.api';
import { canSendCode, countdownAfter } from '../phone-form-rules';
import { useCountdown } from './use-countdown';

/** A form-level message: what a send (or a submit) answered. */
export type Notice = { tone: 'error' | 'info'; text: string };

export interface SendCode {
  /** Seconds until another code may be asked for; 0 when it may be now. */
  secondsLeft: number;
  canSend: (phone: string) => boolean;
  send: (phone: string) => void;
}

/**
 * Texting a code to a phone and the wait before the next (docs/reference/accounts.md (Phone sign-in)), for the
 * sign-in form and the account's phone binding: the outcome is said through `onNotice`, a refusal in
 * `serverText`'s words.
 */
export function useSendCode(
  onNotice: (notice: Notice | null) => void,
  serverText: (error: unknown, fallbackKey: string) => string,
): SendCode {
  const { t } = useTranslation();
  const sendCode = useSendVerifyCodeMutation();
  const [secondsLeft, startCountdown] = useCountdown();
  const send = (phone: string) => {
    onNotice(null);
    sendCode.mutate(phone, {
      onSuccess: (result) => {
        startCountdown(countdownAfter({ ok: true, resendAfterSeconds: result.resendAfterSeconds }));
        onNotice({ tone: 'info', text: t('com_auth_code_sent') });
      },
      onError: (error) => {
        startCountdown(countdownAfter({ ok: false, error }));
        onNotice({ tone: 'error', text: serverText(error, 'com_auth_error_send_code') });
      },
    });
  };
  return {
    secondsLeft,
    canSend: (phone) => canSendCode(phone, secondsLeft, sendCode.isPending),
    send,
  };
}
