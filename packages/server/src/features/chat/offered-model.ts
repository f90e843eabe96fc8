import { AppError } from '../../lib/app-error';
import type { ChatContext } from './chat-context';

/** The limit type of a send naming a model its endpoint does not offer (docs/reference/chat.md (Send errors)). */
export const ILLEGAL_MODEL_REQUEST = 'illegal_model_request';

const illegalModelError = (model: string) => {
  const details = { type: ILLEGAL_MODEL_REQUEST, model };
  return new AppError('FORBIDDEN', JSON.stringify(details), details);
};

export const isIllegalModelError = (error: unknown): boolean =>
  error instanceof AppError && error.details?.type === ILLEGAL_MODEL_REQUEST;

/**
 * Refuses a send whose model is not in the endpoint's list where the operator wrote that list (docs/decisions.md,
 * "Accounts (invites and bans)"). Parley's built-in defaults age and a provider's fetched list changes, so an
 * endpoint listed that way is not judged: its provider answers for an unknown model itself.
 */
export function assertModelOffered(
  ctx: ChatContext,
  endpoint: string,
  model: string | null | undefined,
): void {
  if (model == null) return;
  const models = ctx.registry.getEndpoint(endpoint)?.models;
  if (models?.operatorList && !models.default.includes(model)) throw illegalModelError(model);
}
