import type { FastifyBaseLogger } from 'fastify';
import { hashedKey } from '../auth/auth-rate-limits';
import type { AppDeps } from '../../app-deps';
import { rateLimiterFactory, type LimitCheck } from '../../lib/rate-limit';

const DAY_MS = 24 * 60 * 60_000;
/** The share of SMS_DAILY_MAX at which the operator is warned. */
export const SITE_WARN_SHARE = 0.8;

/** A code request's place in the daily caps, taken before the code is sent. */
export interface SmsAllowance {
  /** The first cap that refused the request, or null when every cap allowed it. */
  refused: { cap: 'phone' | 'ip' | 'site'; retryAfterSeconds: number } | null;
  /**
   * Gives back what the request took of the phone's and the site's caps: no code went out, so neither pays for it.
   * The IP's count stays: it is what limits someone who keeps asking, sent or not. Once only.
   */
  release(): Promise<void>;
}

export interface SmsLimits {
  /**
   * Counts one code for the phone, the IP and the site, each against its daily cap. Whatever refuses, the caller
   * releases the allowance unless the code is then sent.
   */
  take(phone: string, ip: string, log: FastifyBaseLogger): Promise<SmsAllowance>;
}

/**
 * The daily caps of codes sent (SMS_PHONE_DAILY_MAX, SMS_IP_DAILY_MAX, SMS_DAILY_MAX), in Redis when the app has it
 * so every instance counts together. A day is a window of 24 hours from the first code. The counts are taken first
 * and given back when no code goes out, so two requests at once cannot both pass a cap's last place; a phone and the
 * site pay only for codes sent (docs/reference/accounts.md (Phone sign-in)).
 */
export function createSmsLimits(deps: AppDeps): SmsLimits {
  const { sms, rateLimits } = deps.config;
  const make = rateLimiterFactory(deps.redis, rateLimits.rateLimitPrefix);
  const byPhone = make({ name: 'sms-phone', max: sms.phoneDailyMax, windowMs: DAY_MS });
  const byIp = make({ name: 'sms-ip', max: sms.ipDailyMax, windowMs: DAY_MS });
  const siteMax = sms.siteDailyMax;
  const bySite = make({ name: 'sms-site', max: siteMax ?? Number.MAX_SAFE_INTEGER, windowMs: DAY_MS });
  // The warning's own count: the first request to reach the mark in a window logs it, on whichever instance.
  const warned = make({ name: 'sms-site-warned', max: 1, windowMs: DAY_MS });
  const warnAt = siteMax === null ? null : Math.ceil(siteMax * SITE_WARN_SHARE);
  const SITE = 'all';

  const warnIfNear = async (site: LimitCheck, log: FastifyBaseLogger) => {
    if (warnAt === null || site.count < warnAt) return;
    if ((await warned.hit(SITE)).count !== 1) return;
    log.warn(
      { smsSentToday: site.count, smsDailyMax: siteMax },
      `SMS codes: ${site.count} of SMS_DAILY_MAX=${siteMax} sent in the last 24 hours; past it, codes are refused`,
    );
  };

  return {
    async take(phone, ip, log) {
      // The phone is hashed, so Redis holds no numbers.
      const phoneKey = hashedKey(phone);
      const [phoneCheck, ipCheck, site] = await Promise.all([
        byPhone.hit(phoneKey),
        byIp.hit(ip),
        siteMax === null ? null : bySite.hit(SITE),
      ]);
      if (site) await warnIfNear(site, log);
      // The IP first: a request its own address may not make says nothing about the phone or the site.
      const refusals = [
        { cap: 'ip' as const, check: ipCheck },
        { cap: 'site' as const, check: site },
        { cap: 'phone' as const, check: phoneCheck },
      ];
      const first = refusals.find((r) => r.check !== null && !r.check.allowed);
      let released = false;
      return {
        refused: first ? { cap: first.cap, retryAfterSeconds: first.check!.retryAfterSeconds } : null,
        async release() {
          if (released) return;
          released = true;
          await Promise.all([byPhone.undo(phoneKey), site ? bySite.undo(SITE) : null]);
        },
      };
    },
  };
}
