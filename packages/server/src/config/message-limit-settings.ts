import { envBool, envInt, type Env } from './env-reader';

/** Message limits (LibreChat's LIMIT_CONCURRENT_MESSAGES, MESSAGE_IP_*, MESSAGE_USER_* variables). */
export interface MessageLimitsConfig {
  /** LIMIT_CONCURRENT_MESSAGES: cap the generations one user runs at once. */
  limitConcurrentMessages: boolean;
  /** CONCURRENT_MESSAGE_MAX. */
  concurrentMessageMax: number;
  /** LIMIT_MESSAGE_IP: count messages per client IP. */
  limitMessageIp: boolean;
  messageIpMax: number;
  messageIpWindowMinutes: number;
  /** LIMIT_MESSAGE_USER: count messages per user. */
  limitMessageUser: boolean;
  messageUserMax: number;
  messageUserWindowMinutes: number;
}

export const DEFAULT_MESSAGE_LIMITS: MessageLimitsConfig = Object.freeze({
  limitConcurrentMessages: true,
  concurrentMessageMax: 2,
  limitMessageIp: true,
  messageIpMax: 40,
  messageIpWindowMinutes: 1,
  limitMessageUser: false,
  messageUserMax: 40,
  messageUserWindowMinutes: 1,
});

export function readMessageLimitsEnv(env: Env): MessageLimitsConfig {
  const d = DEFAULT_MESSAGE_LIMITS;
  return {
    limitConcurrentMessages: envBool(env, 'LIMIT_CONCURRENT_MESSAGES', d.limitConcurrentMessages),
    // Zero would refuse every message; LIMIT_CONCURRENT_MESSAGES=false is the way to lift the cap.
    concurrentMessageMax: envInt(env, 'CONCURRENT_MESSAGE_MAX', d.concurrentMessageMax, { min: 1 }),
    limitMessageIp: envBool(env, 'LIMIT_MESSAGE_IP', d.limitMessageIp),
    messageIpMax: envInt(env, 'MESSAGE_IP_MAX', d.messageIpMax, { min: 0 }),
    // As for LOGIN_WINDOW, a zero window would make the limit meaningless.
    messageIpWindowMinutes: envInt(env, 'MESSAGE_IP_WINDOW', d.messageIpWindowMinutes, { min: 1 }),
    limitMessageUser: envBool(env, 'LIMIT_MESSAGE_USER', d.limitMessageUser),
    messageUserMax: envInt(env, 'MESSAGE_USER_MAX', d.messageUserMax, { min: 0 }),
    messageUserWindowMinutes: envInt(env, 'MESSAGE_USER_WINDOW', d.messageUserWindowMinutes, { min: 1 }),
  };
}
