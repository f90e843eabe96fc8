import { chatFinalEventSchema, type ChatFinalEvent } from '@parley/shared';
import { CLIENT_ERROR_TYPES, clientErrorText } from '../send-error';

/** What the answer to `POST /api/ask/{endpoint}/abort` means (docs/reference/chat.md (Stopping a reply)). */
export type AbortOutcome =
  | { kind: 'ended' }
  | { kind: 'final'; event: ChatFinalEvent }
  | { kind: 'nothing' }
  | { kind: 'failed'; errorText: string };

/**
 * 404: nothing was running, submission ends. JSON with a final flag: finalise with it. 204: nothing to do.
 * Anything else: 'Unexpected response from server; Status: {status} {text}'
 * (docs/reference/chat.md (Stopping a reply)).
 */
export function abortOutcome(status: number, statusText: string, body: unknown): AbortOutcome {
  if (status === 404) return { kind: 'ended' };
  if (status === 204) return { kind: 'nothing' };
  if (status >= 200 && status < 300) {
    const parsed = chatFinalEventSchema.safeParse(body);
    if (parsed.success) return { kind: 'final', event: parsed.data };
  }
  return {
    kind: 'failed',
    errorText: clientErrorText(CLIENT_ERROR_TYPES.unexpectedAbort, { status, text: statusText }),
  };
}

/**
 * Partial text longer than this is kept (marked unfinished) when stopping fails
 * (docs/reference/chat.md (Stopping a reply)).
 */
export const KEEP_PARTIAL_MIN_CHARS = 45;

/**
 * When stopping failed: keep a partial reply of more than 45 characters, marked unfinished; otherwise show
 * the error (its text, or 'Error cancelling request' when there is none).
 */
export function abortFailure(
  partialText: string,
  errorText: string | undefined,
): { keep: true } | { keep: false; errorText: string } {
  if (partialText.length > KEEP_PARTIAL_MIN_CHARS) return { keep: true };
  return { keep: false, errorText: errorText || clientErrorText(CLIENT_ERROR_TYPES.cancel) };
}
