import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { readSmsEnv } from './sms-settings';

const aliyun = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'id',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_SMS_SIGN_NAME: '派乐',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
};
const tencent = {
  SMS_PROVIDER: 'tencent',
  TENCENT_SMS_SECRET_ID: 'id',
  TENCENT_SMS_SECRET_KEY: 'key',
  TENCENT_SMS_SDK_APP_ID: '1400000000',
  TENCENT_SMS_SIGN_NAME: '派乐',
  TENCENT_SMS_TEMPLATE_ID: '123',
};

describe('SMS_* settings (docs/reference/accounts.md (SMS settings))', () => {
  it('are off by default, with caps of 10 codes per phone, 30 per IP and 1000 for the site a day', () => {
    expect(readSmsEnv({})).toEqual({
      transport: null,
      phoneDailyMax: 10,
      ipDailyMax: 30,
      siteDailyMax: 1000,
    });
    expect(readSmsEnv({ SMS_DAILY_MAX: '250' }).siteDailyMax).toBe(250);
    expect(readSmsEnv({ SMS_DAILY_MAX: '0' }).siteDailyMax).toBeNull();
    expect(() => readSmsEnv({ SMS_DAILY_MAX: '-1' })).toThrow(/SMS_DAILY_MAX/);
    expect(readSmsEnv({ SMS_PROVIDER: 'off' }).transport).toBeNull();
    expect(readSmsEnv({ SMS_PROVIDER: 'log' }).transport).toEqual({ provider: 'log' });
    expect(readSmsEnv({ SMS_PHONE_DAILY_MAX: '3', SMS_IP_DAILY_MAX: '7' })).toMatchObject({
      phoneDailyMax: 3,
      ipDailyMax: 7,
    });
  });

  it('read Aliyun with its default endpoint, or an http(s) override', () => {
    expect(readSmsEnv(aliyun).transport).toEqual({
      provider: 'aliyun',
      aliyun: {
        accessKeyId: 'id',
        accessKeySecret: 'secret',
        signName: '派乐',
        templateCode: 'SMS_1',
        endpoint: { protocol: 'https', host: 'dysmsapi.aliyuncs.com' },
      },
    });
    const local = readSmsEnv({ ...aliyun, ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:8080' }).transport;
    expect(local).toMatchObject({ aliyun: { endpoint: { protocol: 'http', host: '127.0.0.1:8080' } } });
  });

  it('read Tencent with its default region and endpoint', () => {
    expect(readSmsEnv(tencent).transport).toEqual({
      provider: 'tencent',
      tencent: {
        secretId: 'id',
        secretKey: 'key',
        sdkAppId: '1400000000',
        signName: '派乐',
        templateId: '123',
        region: 'ap-guangzhou',
        endpoint: { protocol: 'https', host: 'sms.tencentcloudapi.com' },
      },
    });
    const other = readSmsEnv({
      ...tencent,
      TENCENT_SMS_REGION: 'ap-beijing',
      TENCENT_SMS_ENDPOINT: 'sms.example.com',
    });
    expect(other.transport).toMatchObject({
      tencent: { region: 'ap-beijing', endpoint: { host: 'sms.example.com' } },
    });
  });

  it('name what is missing or wrong', () => {
    expect(() => readSmsEnv({ ...aliyun, ALIYUN_SMS_SIGN_NAME: '' })).toThrow(
      new ConfigError('ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_SIGN_NAME is required when SMS_PROVIDER=aliyun'),
    );
    expect(() => readSmsEnv({ ...tencent, TENCENT_SMS_TEMPLATE_ID: '' })).toThrow(/TENCENT_SMS_TEMPLATE_ID/);
    expect(() => readSmsEnv({ SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER must be one of/);
    expect(() => readSmsEnv({ ...aliyun, ALIYUN_SMS_ENDPOINT: 'ftp://x' })).toThrow(/ALIYUN_SMS_ENDPOINT/);
    expect(() => readSmsEnv({ ...aliyun, ALIYUN_SMS_ENDPOINT: 'https://x.com/path' })).toThrow(
      /without a path/,
    );
    expect(() => readSmsEnv({ SMS_PHONE_DAILY_MAX: '0' })).toThrow(/SMS_PHONE_DAILY_MAX/);
  });
});
