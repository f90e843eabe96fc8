import type { GoogleServiceAccount } from '../config/provider-settings';
import type { EndpointEntry, ProviderCredentials } from './provider.types';

function parseObject(text: string): Record<string, unknown> | null {
  if (!text.trim().startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * A user's stored key (as the keys feature stores it) as call credentials: Azure's JSON fields, a Google key
 * or service-account JSON, a custom endpoint's `{apiKey, baseURL?}`, else the value is the API key itself.
 */
export function userKeyCredentials(entry: EndpointEntry, value: string): ProviderCredentials {
  const object = parseObject(value);
  if (entry.family === 'azure' && object) {
    const fields = {
      apiKey: str(object['azureOpenAIApiKey']) ?? '',
      instanceName: str(object['azureOpenAIApiInstanceName']),
      deploymentName: str(object['azureOpenAIApiDeploymentName']),
      apiVersion: str(object['azureOpenAIApiVersion']),
    };
    // Unset fields are left out so the operator's values (a gateway URL, a version) still apply.
    const azure = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    return { azure: azure as { apiKey: string } };
  }
  if (entry.family === 'google') {
    if (object) return { google: { serviceAccount: object as unknown as GoogleServiceAccount } };
    return { google: { apiKey: value } };
  }
  if (entry.family === 'custom' && object) {
    const apiKey = str(object['apiKey']);
    const baseURL = str(object['baseURL']);
    return { ...(apiKey ? { apiKey } : {}), ...(baseURL ? { baseURL } : {}) };
  }
  return { apiKey: value };
}
