import type { AppConfig } from '../../config/config.types';
import type { PaymentProvider, ProviderUrls } from './payment-provider';

/** The app's payment provider: null without one; else loaded on the first call and then kept. */
export type PaymentLoader = () => Promise<PaymentProvider> | null;

/**
 * The configured provider, its SDK imported on first use (a server that never sells loads none), and then kept, for
 * one app: made by createServices (app-services.ts), so apps built with different configs (tests) never share one.
 */
export function createPaymentLoader(config: AppConfig): PaymentLoader {
  let loaded: Promise<PaymentProvider> | null = null;
  return () => {
    if (!config.payment) return null;
    if (!loaded) {
      const loading = load(config);
      // A failed load (a bad key) is tried again on the next call, not kept.
      loading.catch(() => {
        if (loaded === loading) loaded = null;
      });
      loaded = loading;
    }
    return loaded;
  };
}

async function load(config: AppConfig): Promise<PaymentProvider> {
  const settings = config.payment!;
  const urls: ProviderUrls = {
    notifyUrl: `${config.domainServer}/api/pay/notify/${settings.provider}`,
    pageUrl: (orderId) => `${config.domainServer}/pay/${settings.provider}/${orderId}`,
  };
  switch (settings.provider) {
    case 'alipay':
      return (await import('./alipay-provider')).alipayProvider(settings.alipay, urls);
    case 'wechat':
      return (await import('./wechat-provider')).wechatProvider(settings.wechat, urls);
    case 'stripe':
      return (await import('./stripe-provider')).stripeProvider(settings.stripe);
    case 'dev':
      return (await import('./dev-provider')).devProvider(config.domainServer);
  }
}
