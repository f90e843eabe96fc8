import type { SocialProvider } from '@parley/shared';
import type { ProviderDefinition } from './provider';
import { discord } from './discord';
import { facebook } from './facebook';
import { github } from './github';
import { google } from './google';
import { openid } from './openid';

/** The one table of social sign-in providers; everything provider-specific is in its module. */
export const PROVIDERS: Record<SocialProvider, ProviderDefinition> = {
  discord,
  facebook,
  github,
  google,
  openid,
};

export function providerNamed(name: string): ProviderDefinition | undefined {
  return Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name as SocialProvider] : undefined;
}
