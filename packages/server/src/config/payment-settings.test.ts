import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { readPaymentEnv } from './payment-settings';
import { readShopSettings, DEFAULT_SHOP } from './shop-settings';
import { yamlConfigSchema } from './yaml.schema';

const pem = '-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----';

describe('PAYMENT_* settings (docs/reference/commerce.md (Orders and payment))', () => {
  it('are off by default; dev is refused in production unless allowed', () => {
    expect(readPaymentEnv({}, 'development')).toBeNull();
    expect(readPaymentEnv({ PAYMENT_PROVIDER: 'off' }, 'development')).toBeNull();
    expect(readPaymentEnv({ PAYMENT_PROVIDER: 'dev' }, 'development')).toEqual({ provider: 'dev' });
    expect(() => readPaymentEnv({ PAYMENT_PROVIDER: 'dev' }, 'production')).toThrow(ConfigError);
    expect(
      readPaymentEnv({ PAYMENT_PROVIDER: 'dev', PAYMENT_DEV_IN_PRODUCTION: 'true' }, 'production'),
    ).toEqual({ provider: 'dev' });
    expect(() => readPaymentEnv({ PAYMENT_PROVIDER: 'paypal' }, 'test')).toThrow(/PAYMENT_PROVIDER/);
  });

  it("read each provider's settings, PEM line breaks from \\n, and name a missing one", () => {
    const alipay = readPaymentEnv(
      { PAYMENT_PROVIDER: 'alipay', ALIPAY_APP_ID: '2021', ALIPAY_PRIVATE_KEY: pem, ALIPAY_PUBLIC_KEY: pem },
      'test',
    );
    expect(alipay).toEqual({
      provider: 'alipay',
      alipay: {
        appId: '2021',
        privateKey: pem.replace(/\\n/g, '\n'),
        alipayPublicKey: pem.replace(/\\n/g, '\n'),
        gateway: 'https://openapi.alipay.com/gateway.do',
      },
    });
    expect(() => readPaymentEnv({ PAYMENT_PROVIDER: 'alipay', ALIPAY_APP_ID: '2021' }, 'test')).toThrow(
      /ALIPAY_PRIVATE_KEY is required/,
    );
    const wechat = {
      PAYMENT_PROVIDER: 'wechat',
      WECHAT_PAY_MCHID: '1900000001',
      WECHAT_PAY_APPID: 'wx1',
      WECHAT_PAY_SERIAL: 'S1',
      WECHAT_PAY_PRIVATE_KEY: pem,
      WECHAT_PAY_PLATFORM_SERIAL: 'PUB_KEY_ID_1',
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: pem,
      WECHAT_PAY_APIV3_KEY: 'k'.repeat(32),
    };
    expect(readPaymentEnv(wechat, 'test')).toMatchObject({
      provider: 'wechat',
      wechat: { mchid: '1900000001', baseUrl: 'https://api.mch.weixin.qq.com/' },
    });
    expect(() => readPaymentEnv({ ...wechat, WECHAT_PAY_APIV3_KEY: 'short' }, 'test')).toThrow(
      /32 characters/,
    );
    expect(
      readPaymentEnv(
        {
          PAYMENT_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: 'sk',
          STRIPE_WEBHOOK_SECRET: 'whsec',
          STRIPE_API_BASE: 'http://127.0.0.1:12111',
        },
        'test',
      ),
    ).toEqual({
      provider: 'stripe',
      stripe: {
        secretKey: 'sk',
        webhookSecret: 'whsec',
        api: { protocol: 'http', host: '127.0.0.1', port: 12111 },
      },
    });
  });
});

describe("the YAML's shop section (docs/reference/commerce.md (Purchase options))", () => {
  const parse = (shop: unknown) => yamlConfigSchema.safeParse({ version: '1.0.3', shop });

  it('replaces the packs and changes the named cards over the defaults', () => {
    expect(readShopSettings(null)).toEqual(DEFAULT_SHOP);
    const yaml = parse({ packs: [{ price: 30, credits: 35 }], cards: { '1mPlus': { price: 89 } } });
    expect(yaml.success).toBe(true);
    const shop = readShopSettings(yaml.data!);
    expect(shop.packs).toEqual([{ price: 30, credits: 35 }]);
    expect(shop.cards.find((c) => c.period === '1mPlus')).toEqual({
      period: '1mPlus',
      price: 89,
      bonusCredits: 15.8,
      gpt4PerDay: 100,
      days: 30,
    });
    expect(shop.cards.find((c) => c.period === '1d')).toEqual(DEFAULT_SHOP.cards[0]);
  });

  it('refuses prices with more than two decimals, two packs at one price and an empty list', () => {
    expect(parse({ packs: [{ price: 9.999, credits: 10 }] }).success).toBe(false);
    expect(
      parse({
        packs: [
          { price: 10, credits: 10 },
          { price: 10, credits: 12 },
        ],
      }).success,
    ).toBe(false);
    expect(parse({ packs: [] }).success).toBe(false);
    expect(parse({ cards: { '1d': { days: 0 } } }).success).toBe(false);
    expect(parse({ packs: [{ price: 19.9, credits: 20 }] }).success).toBe(true);
  });
});

describe('CHARGE_* limits (docs/reference/commerce.md (Orders and payment))', () => {
  it('default to 10 orders an hour and 5 pending, and are read from the environment', () => {
    expect(readShopSettings(null).chargeLimits).toEqual({
      userMax: 10,
      userWindowMinutes: 60,
      pendingMax: 5,
    });
    const env = { CHARGE_USER_MAX: '3', CHARGE_USER_WINDOW: '15', CHARGE_PENDING_MAX: '2' };
    expect(readShopSettings(null, env).chargeLimits).toEqual({
      userMax: 3,
      userWindowMinutes: 15,
      pendingMax: 2,
    });
  });

  it.each([
    ['CHARGE_USER_MAX', '0', 'CHARGE_USER_MAX must be at least 1, got 0'],
    ['CHARGE_USER_WINDOW', 'hour', 'CHARGE_USER_WINDOW must be a whole number, got "hour"'],
    ['CHARGE_PENDING_MAX', '-1', 'CHARGE_PENDING_MAX must be at least 1, got -1'],
  ])('refuses %s=%s', (name, value, message) => {
    expect(() => readShopSettings(null, { [name]: value })).toThrow(new ConfigError(name, message));
  });
});
