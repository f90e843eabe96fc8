import type { ContentPart } from '@parley/shared';
import type { StepAuth } from '../tools/tool';

/**
 * A tool step with the consent address it waits on (`auth`, `expires_at` in Unix ms, as LibreChat's client reads
 * them), or without them once it goes on (docs/reference/messages.md (Content parts)). Other parts stay as they are.
 */
export function withStepAuth(part: ContentPart, auth: StepAuth | null): ContentPart {
  if (part.type !== 'tool_call') return part;
  const { auth: _url, expires_at: _expiresAt, ...call } = part.tool_call;
  return {
    type: 'tool_call',
    tool_call: auth ? { ...call, auth: auth.url, expires_at: auth.expiresAt } : call,
  };
}
