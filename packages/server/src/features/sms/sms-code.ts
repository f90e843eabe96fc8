import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_CODE } from '@parley/shared';
import type { AppConfig } from '../../config/config.types';

/** A new code: SMS_CODE.length decimal digits from the CSPRNG, leading zeros kept. */
export function newSmsCode(): string {
  return randomInt(0, 10 ** SMS_CODE.length)
    .toString()
    .padStart(SMS_CODE.length, '0');
}

/**
 * The stored form of a code: an HMAC under a key of the server's secrets, bound to the phone. A million codes are
 * quickly tried against a plain hash, so without the key a copy of the table gives no code.
 */
export function smsCodeHash(config: Pick<AppConfig, 'secrets'>, phone: string, code: string): string {
  return createHmac('sha256', `parley-sms-code:${config.secrets.credsKey}`)
    .update(`${phone}:${code}`)
    .digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
