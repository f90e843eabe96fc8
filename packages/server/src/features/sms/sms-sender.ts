import type { FastifyBaseLogger } from 'fastify';
import type { SmsTransportSettings } from '../../config/sms-settings';

/** Sends a sign-in code by text message; throws when the provider does not take it. */
export interface SmsSender {
  /** SMS_PROVIDER, for logs. */
  readonly provider: SmsTransportSettings['provider'];
  sendCode(phone: string, code: string, log: FastifyBaseLogger): Promise<void>;
}

/** A provider's refusal: what it said goes to the server log only, never to the client. */
export class SmsProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly providerCode: string,
    message: string,
  ) {
    super(`${provider} SMS refused (${providerCode}): ${message}`);
    this.name = 'SmsProviderError';
  }
}

/**
 * The configured transport (docs/reference/accounts.md (SMS settings)). Each provider's SDK is imported on the first
 * code sent, so a server that never sends one neither loads it nor holds it in memory.
 */
export function createSmsSender(settings: SmsTransportSettings): SmsSender {
  switch (settings.provider) {
    case 'log':
      return lazySender('log', async () => (await import('./log-sender')).logSender());
    case 'aliyun':
      return lazySender('aliyun', async () =>
        (await import('./aliyun-sender')).aliyunSender(settings.aliyun),
      );
    case 'tencent':
      return lazySender('tencent', async () =>
        (await import('./tencent-sender')).tencentSender(settings.tencent),
      );
  }
}

type Send = SmsSender['sendCode'];

function lazySender(provider: SmsSender['provider'], load: () => Promise<Send>): SmsSender {
  let loading: Promise<Send> | null = null;
  return {
    provider,
    async sendCode(phone, code, log) {
      loading ??= load().catch((error: unknown) => {
        loading = null;
        throw error;
      });
      return (await loading)(phone, code, log);
    },
  };
}
