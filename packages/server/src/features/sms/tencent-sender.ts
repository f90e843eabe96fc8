import type { TencentSmsSettings } from '../../config/sms-settings';
import { SmsProviderError, type SmsSender } from './sms-sender';

/** Seconds the SDK waits for Tencent Cloud. */
const TIMEOUT_SECONDS = 10;

/**
 * Tencent Cloud SMS (SendSms, API 2021-01-11) through its official SDK: the template's first parameter is the code.
 * Numbers are mainland China mobile numbers, so they go out as +86 and the 11 digits. A refusal comes either as an
 * error of the whole call or as a per-number status whose `Code` is not `Ok`.
 */
export async function tencentSender(settings: TencentSmsSettings): Promise<SmsSender['sendCode']> {
  const { sms } = await import('tencentcloud-sdk-nodejs-sms');
  const client = new sms.v20210111.Client({
    credential: { secretId: settings.secretId, secretKey: settings.secretKey },
    region: settings.region,
    profile: {
      httpProfile: {
        endpoint: settings.endpoint.host,
        protocol: `${settings.endpoint.protocol}://`,
        reqTimeout: TIMEOUT_SECONDS,
      },
    },
  });
  return async (phone, code) => {
    let answer;
    try {
      answer = await client.SendSms({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: settings.sdkAppId,
        SignName: settings.signName,
        TemplateId: settings.templateId,
        TemplateParamSet: [code],
      });
    } catch (error) {
      const e = error as { code?: unknown; message?: unknown };
      throw new SmsProviderError('tencent', String(e.code || 'request-failed'), String(e.message ?? error));
    }
    const status = answer.SendStatusSet?.[0];
    if (status?.Code !== 'Ok') {
      throw new SmsProviderError('tencent', status?.Code ?? 'no-status', status?.Message ?? 'no message');
    }
  };
}
