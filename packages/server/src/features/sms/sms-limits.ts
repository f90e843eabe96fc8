import { hashedKey } from '../auth/auth-rate-limits';
import type { AppDeps } from '../../app-deps';
import { rateLimiterFactory, type LimitCheck } from '../../lib/rate-limit';

const DAY_MS = 24 * 60 * 60_000;

export interface SmsLimits {
  /** Counts one code for the phone and one for the IP, each against its daily cap. */
  hit(phone: string, ip: string): Promise<LimitCheck[]>;
}

/**
 * The daily caps of codes sent (SMS_PHONE_DAILY_MAX, SMS_IP_DAILY_MAX), in Redis when the app has it so every
 * instance counts together. A day is a window of 24 hours from the first code.
 */
export function createSmsLimits(deps: AppDeps): SmsLimits {
  const { sms, rateLimits } = deps.config;
  const make = rateLimiterFactory(deps.redis, rateLimits.rateLimitPrefix);
  const byPhone = make({ name: 'sms-phone', max: sms.phoneDailyMax, windowMs: DAY_MS });
  const byIp = make({ name: 'sms-ip', max: sms.ipDailyMax, windowMs: DAY_MS });
  return {
    // The phone is hashed, so Redis holds no numbers.
    hit: (phone, ip) => Promise.all([byPhone.hit(hashedKey(phone)), byIp.hit(ip)]),
  };
}
