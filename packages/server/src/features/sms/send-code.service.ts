import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { AUTH_MESSAGES, SMS_CODE, type SendVerifyCodeResult } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { isoIn, nowIso } from '../../lib/clock';
import { findUserByPhone } from '../users/users.repository';
import { isBanned } from '../users/users.service';
import { deleteSmsCode, findSmsCode, replaceSmsCode } from './sms-codes.repository';
import { newSmsCode, smsCodeHash } from './sms-code';
import type { SmsAllowance, SmsLimits } from './sms-limits';
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
 * the daily caps. The phone's and the site's caps count only codes that went out: a request refused by any cap, a
 * race lost, a banned phone or a provider failure gives its place back, so nobody can spend someone else's phone's
 * allowance with requests that send nothing; the IP's count keeps every request that got past the wait. A provider
 * failure deletes the code (it never reached anyone) and answers 502 without its details.
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
  const allowance = await limits.take(phone, ip, log);
  let sent = false;
  try {
    if (allowance.refused) refuseCap(reply, allowance.refused);
    // A banned account's phone gets no text, and the same answer as any other phone (its ban is nobody else's
    // business): a dead code is stored in place of a real one, so the 60 s wait holds alike.
    const owner = await findUserByPhone(db, phone);
    const banned = owner !== undefined && isBanned(owner);
    const code = newSmsCode();
    const codeHash = smsCodeHash(deps.config, phone, code);
    const sentAt = nowIso();
    const row = {
      phone,
      code_hash: banned ? randomBytes(32).toString('hex') : codeHash,
      attempts: banned ? SMS_CODE.maxAttempts : 0,
      expires_at: isoIn(SMS_CODE.ttlSeconds),
      sent_at: sentAt,
    };
    // Lost to a request for the same phone at the same moment: that one sends.
    if (!(await replaceSmsCode(db, row, resendCutoff))) refuseResend(reply, sentAt);
    if (banned) {
      log.info({ userId: owner.id }, 'No SMS sign-in code sent: the account of this phone is banned');
      return sentAnswer();
    }
    try {
      await sender.sendCode(phone, code, log);
    } catch (error) {
      await deleteSmsCode(db, phone, codeHash);
      log.error({ err: error, provider: sender.provider }, 'The SMS sign-in code could not be sent');
      throw new AppError('BAD_GATEWAY', AUTH_MESSAGES.verifyCodeSendFailed, {
        key: 'com_auth_verify_code_send_failed',
      });
    }
    sent = true;
    return sentAnswer();
  } finally {
    if (!sent) await allowance.release();
  }
}

const sentAnswer = (): SendVerifyCodeResult => ({
  message: AUTH_MESSAGES.verifyCodeSent,
  resendAfterSeconds: SMS_CODE.resendSeconds,
});

/** 429 of a daily cap, with `Retry-After`: the site's own cap says so, the phone's and the IP's say "tomorrow". */
function refuseCap(reply: FastifyReply, refused: NonNullable<SmsAllowance['refused']>): never {
  const { retryAfterSeconds } = refused;
  reply.header('retry-after', String(retryAfterSeconds));
  const [message, key] =
    refused.cap === 'site'
      ? [AUTH_MESSAGES.verifyCodeSiteLimit, 'com_auth_verify_code_site_limit']
      : [AUTH_MESSAGES.verifyCodeDailyLimit, 'com_auth_verify_code_daily_limit'];
  throw new AppError('RATE_LIMITED', message, { key, retryAfterSeconds });
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
