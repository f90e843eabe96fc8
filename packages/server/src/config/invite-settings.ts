import { ConfigError } from './config-error';
import { envString, type Env } from './env-reader';

/** Invite cash-back and the invited user's gift (docs/reference/commerce.md (Invites and cash-back)). */
export interface InviteSettings {
  /** INVITE_PERCENT: the share of each payment the payer's inviter earns, in percent. */
  percent: number;
  /** INVITE_SECOND_LEVEL_PERCENT: the share the inviter's inviter earns, in percent. */
  secondLevelPercent: number;
  /** INVITE_REGISTER_GIFT: credits (yuan) an invited user gets beside the registration gift, in fen. */
  registerGiftFen: number;
  /** INVITE_ADMIN_WX: whom a user asks for a cash-out (a WeChat id, shown as it is). */
  adminWx: string;
}

export const DEFAULT_INVITES: InviteSettings = Object.freeze({
  percent: 15,
  secondLevelPercent: 5,
  registerGiftFen: 50,
  adminWx: '',
});

/** A non-negative number with at most two decimals, or the fallback when unset. */
function readDecimal(env: Env, name: string, fallback: number, max: number): number {
  const value = envString(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+(\.\d{1,2})?$/.test(value) || Number(value) > max) {
    throw new ConfigError(
      name,
      `${name} must be a number from 0 to ${max} with at most two decimals, got "${value}"`,
    );
  }
  return Number(value);
}

export function readInviteEnv(env: Env): InviteSettings {
  const d = DEFAULT_INVITES;
  return {
    percent: readDecimal(env, 'INVITE_PERCENT', d.percent, 100),
    secondLevelPercent: readDecimal(env, 'INVITE_SECOND_LEVEL_PERCENT', d.secondLevelPercent, 100),
    registerGiftFen: Math.round(
      readDecimal(env, 'INVITE_REGISTER_GIFT', d.registerGiftFen / 100, 10_000) * 100,
    ),
    adminWx: envString(env, 'INVITE_ADMIN_WX') ?? d.adminWx,
  };
}
