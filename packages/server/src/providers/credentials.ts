import { AppError } from '../lib/app-error';
import { createAddressPolicy, type AddressPolicy } from '../lib/outbound/address-policy';
import type { EndpointEntry, ProviderCredentials } from './provider.types';

/**
 * The credentials for one call: the user's stored key over the operator's. A user-supplied base URL is taken
 * only where the endpoint asks for one, and refused at once when it is not http(s) or names a non-public
 * address literally (`[::ffff:127.0.0.1]`, `0x7f.1`) outside the operator's ranges; host names are checked
 * when the guarded fetch connects (lib/outbound). Missing credentials are a 400 telling the user to set their key.
 */
export function resolveCredentials(
  entry: EndpointEntry,
  given: ProviderCredentials = {},
  policy: AddressPolicy = createAddressPolicy(),
): ProviderCredentials {
  const merged: ProviderCredentials = { ...entry.credentials };
  if (given.apiKey) merged.apiKey = given.apiKey;
  if (given.google) merged.google = given.google;
  else if (entry.family === 'google' && given.apiKey) merged.google = { apiKey: given.apiKey };
  if (given.azure) merged.azure = { ...entry.credentials.azure, ...given.azure };
  if (given.baseURL && entry.userProvideURL) {
    const why = policy.urlRefusal(given.baseURL);
    if (why) {
      throw new AppError(
        'VALIDATION',
        `The base URL of ${entry.name} must be a public http(s) address; it is ${why}`,
        { field: 'baseURL' },
      );
    }
    merged.baseURL = given.baseURL;
  }
  if (!hasKey(entry, merged)) {
    throw new AppError('VALIDATION', `No API key is set for ${entry.name}; set your key first`, {
      field: 'key',
    });
  }
  if (entry.family === 'custom' && !merged.baseURL) {
    throw new AppError('VALIDATION', `No base URL is set for ${entry.name}; set it with your key`, {
      field: 'baseURL',
    });
  }
  return merged;
}

function hasKey(entry: EndpointEntry, c: ProviderCredentials): boolean {
  if (entry.family === 'azure') return Boolean(c.azure?.apiKey);
  if (entry.family === 'google') return Boolean(c.google);
  return Boolean(c.apiKey);
}
