import type { AppConfig } from '../config/config.types';
import { createProviderRegistry, type ProviderRegistry } from './registry';

const registries = new WeakMap<AppConfig, ProviderRegistry>();

/**
 * The registry of an app's config, built on first use and shared by every feature of that app, so the
 * model-list cache is one per app. (Until AppDeps carries a registry of its own.)
 */
export function providerRegistryFor(config: AppConfig): ProviderRegistry {
  let registry = registries.get(config);
  if (!registry) {
    registry = createProviderRegistry(config);
    registries.set(config, registry);
  }
  return registry;
}
