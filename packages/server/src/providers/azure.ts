import { createAzure } from '@ai-sdk/azure';
import { azureBaseURL } from './provider-urls';
import type { ModelRequest, ProviderModel } from './provider.types';

/** Azure's long-standing default, used when AZURE_OPENAI_API_VERSION is not set. */
const DEFAULT_API_VERSION = '2024-02-01';

/**
 * Azure OpenAI with deployment URLs: `{base}/deployments/{deployment}/chat/completions?api-version=…`. The
 * configured deployment name wins; without one, the model name is the deployment (a common Azure naming).
 */
export function azureModel({ model, credentials, fetch }: ModelRequest): ProviderModel {
  const azure = credentials.azure;
  if (!azure?.apiKey) throw new Error('Azure OpenAI credentials are missing');
  const provider = createAzure({
    apiKey: azure.apiKey,
    baseURL: azureBaseURL(azure.baseURL, azure.instanceName),
    apiVersion: azure.apiVersion ?? DEFAULT_API_VERSION,
    useDeploymentBasedUrls: true,
    ...(fetch ? { fetch } : {}),
  });
  return provider.chat(azure.deploymentName ?? model);
}
