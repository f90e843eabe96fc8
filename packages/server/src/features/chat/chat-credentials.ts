import type { EndpointsConfig } from '@parley/shared';
import { AppError } from '../../lib/app-error';
import type { ProviderCredentials } from '../../providers/provider.types';
import { userKeyCredentials } from '../../providers/user-key-credentials';
import { getUserKey } from '../keys/keys.service';
import type { ChatContext } from './chat-context';

/** The listed endpoint's public description, or a 400 'Unknown endpoint'. */
export function listedEndpoint(ctx: ChatContext, endpoint: string): EndpointsConfig[string] {
  const described = ctx.registry.listEndpoints()[endpoint];
  if (!described) throw new AppError('VALIDATION', 'Unknown endpoint', { field: 'endpoint' });
  return described;
}

/**
 * The user's own credentials where the endpoint takes them (its key, or its URL), else none (the operator's
 * apply). A missing or expired key throws the keys feature's FORBIDDEN with the JSON text the web parses.
 */
export async function userCredentials(
  ctx: ChatContext,
  userId: string,
  endpoint: string,
): Promise<ProviderCredentials | undefined> {
  const described = listedEndpoint(ctx, endpoint);
  const entry = ctx.registry.getEndpoint(endpoint);
  if (!entry || (!described.userProvide && !described.userProvideURL)) return undefined;
  const value = await getUserKey(ctx.deps, userId, endpoint);
  return userKeyCredentials(entry, value);
}
