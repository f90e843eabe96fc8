import type { ErrorDisplay } from './message-error';

/**
 * Failures the client finds itself (docs/reference/chat.md (Send errors)). Like the server's, their text is kept raw
 * in the error message as JSON with a `type`, so it shows in the current language whenever it renders
 * (message-error.ts maps the server's types; {@link clientErrorDisplay} maps these).
 */
export const CLIENT_ERROR_TYPES = {
  /** The stream failed with no data: 'Error connecting to server'. */
  connection: 'connection_error',
  /** Stopping failed and there was little partial text: 'Error cancelling request'. */
  cancel: 'cancel_failed',
  /** The abort call answered an unexpected status: 'Unexpected response from server; Status: …'. */
  unexpectedAbort: 'unexpected_abort_response',
} as const;

/** The raw text of a client-side failure, e.g. `clientErrorText('connection_error')`. */
export const clientErrorText = (type: string, details: Record<string, string | number> = {}): string =>
  JSON.stringify({ type, ...details });

const str = (value: unknown): string => (value == null ? '' : String(value));

/** What a client-side failure shows, by its JSON `type`; null for any other type. */
export function clientErrorDisplay(json: Record<string, unknown>): ErrorDisplay | null {
  switch (json.type) {
    case CLIENT_ERROR_TYPES.connection:
      return { key: 'com_ui_chat_error_connection' };
    case CLIENT_ERROR_TYPES.cancel:
      return { key: 'com_ui_chat_error_cancel' };
    case CLIENT_ERROR_TYPES.unexpectedAbort:
      return {
        key: 'com_ui_chat_error_unexpected_abort',
        values: { status: str(json.status), text: str(json.text) },
      };
    default:
      return null;
  }
}

/**
 * Whether a send error means the account is banned, so the user is logged out instead of seeing it
 * (docs/reference/accounts.md (Bans)): the JSON type or code 'ban', or a plain text containing 'ban'. A JSON error of
 * another type is not a ban even if its message happens to contain the letters.
 */
export function isBanErrorText(text: string): boolean {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start >= 0 && end > start) {
    try {
      const json = JSON.parse(text.slice(start, end + 1)) as Record<string, unknown> | null;
      if (json && typeof json === 'object') return json.type === 'ban' || json.code === 'ban';
    } catch {
      // Not JSON: fall through to the plain-text rule.
    }
  }
  return text.includes('ban');
}
