import { contextWindowOf, maxOutputTokensOf } from '@parley/shared';
import type { ModelCallSettings } from '../../providers/call-settings';
import type { CallSize } from '../balance/call-billing';

/**
 * What a call may cost: its prompt, and a reply of at most the request's max output tokens, else the model's, and
 * never more than the context window leaves after the prompt (docs/reference/balance.md (A call)).
 */
export function callSize(model: string, settings: ModelCallSettings, promptTokens: number): CallSize {
  const cap = settings.maxOutputTokens ?? maxOutputTokensOf(model);
  return {
    promptTokens,
    maxCompletionTokens: Math.max(1, Math.min(cap, contextWindowOf(model) - promptTokens)),
  };
}
