import type { SmsSender } from './sms-sender';

/**
 * SMS_PROVIDER=log: no text is sent; the code goes to the server log at info level, for development and the demo
 * (docs/reference/accounts.md (SMS settings)). It is written even when LOG_LEVEL is warn (the demo's level), so the
 * person trying sign-in can read it; only LOG_LEVEL=silent keeps it out.
 */
export function logSender(): SmsSender['sendCode'] {
  return async (phone, code, log) => {
    const out = log.level === 'silent' ? log : log.child({}, { level: 'info' });
    out.info(
      { smsPhone: phone, smsCode: code },
      `SMS_PROVIDER=log: sign-in code for ${phone} is ${code} (no text message was sent)`,
    );
  };
}
