import type { AliyunSmsSettings } from '../../config/sms-settings';
import { SmsProviderError, type SmsSender } from './sms-sender';

/** Seconds the SDK waits for Aliyun: a code the user waits for is useless after that. */
const TIMEOUT_MS = 10_000;

/**
 * Aliyun SMS (Dysmsapi SendSms) through its official SDK: the template gets the code as `${code}`. Aliyun answers a
 * refusal (bad sign name, template, quota, …) as HTTP 200 with a `Code` other than `OK`.
 */
export async function aliyunSender(settings: AliyunSmsSettings): Promise<SmsSender['sendCode']> {
  const sdk = await import('@alicloud/dysmsapi20170525');
  const Client = cjsDefault(sdk.default);
  const client = new Client({
    accessKeyId: settings.accessKeyId,
    accessKeySecret: settings.accessKeySecret,
    endpoint: settings.endpoint.host,
    protocol: settings.endpoint.protocol,
    readTimeout: TIMEOUT_MS,
    connectTimeout: TIMEOUT_MS,
  } as ConstructorParameters<typeof Client>[0]);
  return async (phone, code) => {
    const request = new sdk.SendSmsRequest({
      phoneNumbers: phone,
      signName: settings.signName,
      templateCode: settings.templateCode,
      templateParam: JSON.stringify({ code }),
    });
    let body;
    try {
      body = (await client.sendSms(request)).body;
    } catch (error) {
      const e = error as { code?: unknown; message?: unknown };
      throw new SmsProviderError('aliyun', String(e.code ?? 'request-failed'), String(e.message ?? error));
    }
    if (body?.code !== 'OK') {
      throw new SmsProviderError('aliyun', body?.code ?? 'no-code', body?.message ?? 'no message');
    }
  };
}

/** The SDK is CommonJS with an `exports.default` class; imported from ESM that class is one level further down. */
function cjsDefault<T>(value: T): T {
  const inner = (value as { default?: T }).default;
  return typeof value === 'function' ? value : (inner ?? value);
}
