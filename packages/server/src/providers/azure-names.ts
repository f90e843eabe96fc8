import { AZURE_NAME_RULES } from '@parley/shared';
import { AppError } from '../lib/app-error';
import type { EndpointEntry, ProviderCredentials } from './provider.types';

const { azureOpenAIApiInstanceName: INSTANCE, azureOpenAIApiDeploymentName: DEPLOYMENT } = AZURE_NAME_RULES;

/**
 * The Azure names a call would put in its URL, checked before anything is sent: the instance name (the host's
 * label) and the deployment (the configured one, else the model name). The keys feature refuses bad names when a
 * key is saved; this catches keys saved before it did, and a model name no deployment can have. A bad name is a
 * 400 telling the user what to fix; nothing is sent.
 */
export function assertAzureNames(
  entry: EndpointEntry,
  credentials: ProviderCredentials,
  model: string,
): void {
  if (entry.family !== 'azure') return;
  const azure = credentials.azure;
  const again = entry.userProvide ? '; save your key again' : '';
  if (azure?.instanceName !== undefined && !INSTANCE.pattern.test(azure.instanceName)) {
    throw new AppError('VALIDATION', `${INSTANCE.message}${again}`, { field: 'key' });
  }
  if (azure?.deploymentName !== undefined) {
    if (!DEPLOYMENT.pattern.test(azure.deploymentName)) {
      throw new AppError('VALIDATION', `${DEPLOYMENT.message}${again}`, { field: 'key' });
    }
  } else if (!DEPLOYMENT.pattern.test(model)) {
    throw new AppError(
      'VALIDATION',
      'The model name is used as the Azure deployment name, and is not one: letters, digits, hyphens, ' +
        'underscores and periods only',
      { field: 'model' },
    );
  }
}
