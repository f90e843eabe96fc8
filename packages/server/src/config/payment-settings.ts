import { ConfigError } from './config-error';
import { envBool, envEnum, envHttpUrl, envString, type Env } from './env-reader';

export interface AlipaySettings {
  appId: string;
  /** The app's private key (PEM, PKCS#8 or PKCS#1), which signs the payment page's parameters. */
  privateKey: string;
  /** Alipay's public key (PEM), which checks the asynchronous notify (RSA2). */
  alipayPublicKey: string;
  /** The gateway the payment page is on (ALIPAY_GATEWAY; a sandbox's or a local stand-in's). */
  gateway: string;
}

export interface WechatPaySettings {
  mchid: string;
  appid: string;
  /** The serial number of the merchant's API certificate (named in each request's signature). */
  serial: string;
  /** The merchant's API private key (PEM). */
  privateKey: string;
  /** The platform public key's id (`PUB_KEY_ID_…`) or the platform certificate's serial. */
  platformSerial: string;
  /** The platform public key (PEM), which checks answers and notifies. */
  platformPublicKey: string;
  /** The APIv3 key (32 characters), which decrypts a notify's resource (AES-256-GCM). */
  apiV3Key: string;
  baseUrl: string;
}

export interface StripeSettings {
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /** STRIPE_API_BASE, as the SDK takes it (a local stand-in in tests). */
  api: { protocol: 'http' | 'https'; host: string; port: number };
}

/** The payment provider (docs/reference/commerce.md (Orders and payment)); null: the shop is off. */
export type PaymentSettings =
  | { provider: 'alipay'; alipay: AlipaySettings }
  | { provider: 'wechat'; wechat: WechatPaySettings }
  | { provider: 'stripe'; stripe: StripeSettings }
  | { provider: 'dev' };

export type PaymentProviderName = PaymentSettings['provider'];
export const PAYMENT_PROVIDERS = ['alipay', 'wechat', 'stripe', 'dev'] as const;

/** A PEM given in one line of the environment has `\n` for its line breaks. */
const pem = (value: string) => value.replace(/\\n/g, '\n');

/**
 * PAYMENT_PROVIDER and its provider's settings. `dev` pays with a button and is refused in production unless
 * PAYMENT_DEV_IN_PRODUCTION=true (docs/decisions.md, "The dev payment provider").
 */
export function readPaymentEnv(env: Env, nodeEnv: string): PaymentSettings | null {
  const provider = envEnum(env, 'PAYMENT_PROVIDER', [...PAYMENT_PROVIDERS, 'off'], 'off');
  const required = (name: string) => {
    const value = envString(env, name);
    if (!value) throw new ConfigError(name, `${name} is required when PAYMENT_PROVIDER=${provider}`);
    return value;
  };
  switch (provider) {
    case 'off':
      return null;
    case 'dev':
      if (nodeEnv === 'production' && !envBool(env, 'PAYMENT_DEV_IN_PRODUCTION', false)) {
        throw new ConfigError(
          'PAYMENT_PROVIDER',
          'PAYMENT_PROVIDER=dev marks orders paid without any money; it is refused in production unless ' +
            'PAYMENT_DEV_IN_PRODUCTION=true',
        );
      }
      return { provider };
    case 'alipay':
      return {
        provider,
        alipay: {
          appId: required('ALIPAY_APP_ID'),
          privateKey: pem(required('ALIPAY_PRIVATE_KEY')),
          alipayPublicKey: pem(required('ALIPAY_PUBLIC_KEY')),
          gateway: envHttpUrl(env, 'ALIPAY_GATEWAY', 'https://openapi.alipay.com/gateway.do'),
        },
      };
    case 'wechat': {
      const apiV3Key = required('WECHAT_PAY_APIV3_KEY');
      if (Buffer.byteLength(apiV3Key) !== 32) {
        throw new ConfigError('WECHAT_PAY_APIV3_KEY', 'WECHAT_PAY_APIV3_KEY must be 32 characters long');
      }
      return {
        provider,
        wechat: {
          mchid: required('WECHAT_PAY_MCHID'),
          appid: required('WECHAT_PAY_APPID'),
          serial: required('WECHAT_PAY_SERIAL'),
          privateKey: pem(required('WECHAT_PAY_PRIVATE_KEY')),
          platformSerial: required('WECHAT_PAY_PLATFORM_SERIAL'),
          platformPublicKey: pem(required('WECHAT_PAY_PLATFORM_PUBLIC_KEY')),
          apiV3Key,
          baseUrl: `${envHttpUrl(env, 'WECHAT_PAY_BASE_URL', 'https://api.mch.weixin.qq.com')}/`,
        },
      };
    }
    case 'stripe': {
      const base = new URL(envHttpUrl(env, 'STRIPE_API_BASE', 'https://api.stripe.com'));
      const protocol = base.protocol === 'http:' ? 'http' : 'https';
      return {
        provider,
        stripe: {
          secretKey: required('STRIPE_SECRET_KEY'),
          webhookSecret: required('STRIPE_WEBHOOK_SECRET'),
          api: {
            protocol,
            host: base.hostname,
            port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
          },
        },
      };
    }
  }
}
