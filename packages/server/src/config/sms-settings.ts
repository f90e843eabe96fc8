import { ConfigError } from './config-error';
import { envEnum, envInt, envString, type Env } from './env-reader';

/**
 * Where an SDK sends its calls: a host name (https) or a full `http(s)://host[:port]` URL, so tests and private
 * gateways can point the SDK at a server of their own.
 */
export interface SmsEndpoint {
  protocol: 'http' | 'https';
  /** Host, with the port when one was given. */
  host: string;
}

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint: SmsEndpoint;
}

export interface TencentSmsSettings {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region: string;
  endpoint: SmsEndpoint;
}

/** One of the SMS transports (docs/reference/accounts.md (SMS settings)). */
export type SmsTransportSettings =
  | { provider: 'aliyun'; aliyun: AliyunSmsSettings }
  | { provider: 'tencent'; tencent: TencentSmsSettings }
  | { provider: 'log' };

export interface SmsSettings {
  /** SMS_PROVIDER; null when unset: sign-in by SMS code is off. */
  transport: SmsTransportSettings | null;
  /** SMS_PHONE_DAILY_MAX: codes one phone number may be sent per day. */
  phoneDailyMax: number;
  /** SMS_IP_DAILY_MAX: codes one IP may ask for per day. */
  ipDailyMax: number;
  /**
   * SMS_DAILY_MAX: codes the whole site may send per day, whoever asks (the operator's SMS bill); null (`0`) for no
   * cap. A warning is logged once the day's sends reach 80 % of it.
   */
  siteDailyMax: number | null;
}

export const DEFAULT_SMS_SETTINGS: SmsSettings = Object.freeze({
  transport: null,
  phoneDailyMax: 10,
  ipDailyMax: 30,
  siteDailyMax: 1000,
});

const PROVIDERS = ['aliyun', 'tencent', 'log', 'off'] as const;

export function readSmsEnv(env: Env): SmsSettings {
  const provider = envEnum(env, 'SMS_PROVIDER', PROVIDERS, 'off');
  return {
    transport: readTransport(env, provider),
    phoneDailyMax: envInt(env, 'SMS_PHONE_DAILY_MAX', DEFAULT_SMS_SETTINGS.phoneDailyMax, { min: 1 }),
    ipDailyMax: envInt(env, 'SMS_IP_DAILY_MAX', DEFAULT_SMS_SETTINGS.ipDailyMax, { min: 1 }),
    siteDailyMax: envInt(env, 'SMS_DAILY_MAX', DEFAULT_SMS_SETTINGS.siteDailyMax ?? 0, { min: 0 }) || null,
  };
}

function readTransport(env: Env, provider: (typeof PROVIDERS)[number]): SmsTransportSettings | null {
  const required = (name: string) => {
    const value = envString(env, name);
    if (!value) throw new ConfigError(name, `${name} is required when SMS_PROVIDER=${provider}`);
    return value;
  };
  switch (provider) {
    case 'off':
      return null;
    case 'log':
      return { provider };
    case 'aliyun':
      return {
        provider,
        aliyun: {
          accessKeyId: required('ALIYUN_SMS_ACCESS_KEY_ID'),
          accessKeySecret: required('ALIYUN_SMS_ACCESS_KEY_SECRET'),
          signName: required('ALIYUN_SMS_SIGN_NAME'),
          templateCode: required('ALIYUN_SMS_TEMPLATE_CODE'),
          endpoint: readEndpoint(env, 'ALIYUN_SMS_ENDPOINT', 'dysmsapi.aliyuncs.com'),
        },
      };
    case 'tencent':
      return {
        provider,
        tencent: {
          secretId: required('TENCENT_SMS_SECRET_ID'),
          secretKey: required('TENCENT_SMS_SECRET_KEY'),
          sdkAppId: required('TENCENT_SMS_SDK_APP_ID'),
          signName: required('TENCENT_SMS_SIGN_NAME'),
          templateId: required('TENCENT_SMS_TEMPLATE_ID'),
          region: envString(env, 'TENCENT_SMS_REGION') ?? 'ap-guangzhou',
          endpoint: readEndpoint(env, 'TENCENT_SMS_ENDPOINT', 'sms.tencentcloudapi.com'),
        },
      };
  }
}

function readEndpoint(env: Env, name: string, fallback: string): SmsEndpoint {
  const value = envString(env, name) ?? fallback;
  if (!value.includes('://')) {
    if (!/^[A-Za-z0-9.-]+(:\d+)?$/.test(value)) {
      throw new ConfigError(name, `${name} must be a host name or an http(s) URL, got "${value}"`);
    }
    return { protocol: 'https', host: value };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `${name} must be a host name or an http(s) URL, got "${value}"`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    (url.pathname !== '/' && url.pathname !== '')
  ) {
    throw new ConfigError(
      name,
      `${name} must be a host name or an http(s) URL without a path, got "${value}"`,
    );
  }
  return { protocol: url.protocol === 'http:' ? 'http' : 'https', host: url.host };
}
