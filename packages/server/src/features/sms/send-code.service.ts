import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { AUTH_MESSAGES, SMS_CODE, type SendVerifyCodeResult } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { isoIn, nowIso } from '../../lib/clock';
import { refuseIfOver } from '../auth/auth-rate-limits';
import { deleteSmsCode, findSmsCode, replaceSmsCode } from './sms-codes.repository';
import { newSmsCode, smsCodeHash } from './sms-code';
import type { SmsLimits } from './sms-limits';
import type { SmsSender } from './sms-sender';

export interface SendCodeContext {
  sender: SmsSender | null;
  limits: SmsLimits;
  ip: string;
  reply: FastifyReply;
  log: FastifyBaseLogger;
}

export const smsDisabled = () =>
  new AppError('FORBIDDEN', AUTH_MESSAGES.smsDisabled, { key: 'com_auth_sms_disabled' });

/**
 * Texts a new sign-in code (docs/reference/accounts.md (Phone sign-in)). Whether the phone has an account changes
 * nothing: the same checks, the same answer. The 60 s wait comes first, so a button pressed twice costs nothing of
 * the daily caps; a provider failure deletes the code (it never reached anyone) and answers 502 without its details.
 */
export async function sendVerifyCode(
  deps: AppDeps,
  phone: string,
  context: SendCodeContext,
): Promise<SendVerifyCodeResult> {
  const { sender, limits, ip, reply, log } = context;
  if (!sender) throw smsDisabled();
  const { db } = deps.database;
  const resendCutoff = isoIn(-SMS_CODE.resendSeconds);
  const current = await findSmsCode(db, phone);
  if (current && current.sent_at > resendCutoff) refuseResend(reply, current.sent_at);
  refuseIfOver(
    await limits.hit(phone, ip),
    reply,
    AUTH_MESSAGES.verifyCodeDailyLimit,
    'com_auth_verify_code_daily_limit',
  );

  const code = newSmsCode();
  const codeHash = smsCodeHash(deps.config, phone, code);
  const sentAt = nowIso();
  const row = {
    phone,
    code_hash: codeHash,
    attempts: 0,
    expires_at: isoIn(SMS_CODE.ttlSeconds),
    sent_at: sentAt,
  };
  // Lost to a request for the same phone at the same moment: that one sends.
  if (!(await replaceSmsCode(db, row, resendCutoff))) refuseResend(reply, sentAt);
  try {
    await sender.sendCode(phone, code, log);
  } catch (error) {
    await deleteSmsCode(db, phone, codeHash);
    log.error({ err: error, provider: sender.provider }, 'The SMS sign-in code could not be sent');
    throw new AppError('BAD_GATEWAY', AUTH_MESSAGES.verifyCodeSendFailed, {
      key: 'com_auth_verify_code_send_failed',
    });
  }
  return { message: AUTH_MESSAGES.verifyCodeSent, resendAfterSeconds: SMS_CODE.resendSeconds };
}

/** 429 with the seconds left of the phone's 60 s wait, for the send button's countdown. */
function refuseResend(reply: FastifyReply, sentAt: string): never {
  const waitMs = Date.parse(sentAt) + SMS_CODE.resendSeconds * 1000 - Date.now();
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  reply.header('retry-after', String(retryAfterSeconds));
  throw new AppError('RATE_LIMITED', AUTH_MESSAGES.verifyCodeResendWait, {
    key: 'com_auth_verify_code_resend_wait',
    retryAfterSeconds,
  });
}
