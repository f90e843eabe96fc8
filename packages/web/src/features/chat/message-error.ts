import { clientErrorDisplay } from './send-error';

/** A send error as the red box shows it: a message key with its values, and optionally a code block. */
export interface ErrorDisplay {
  key: string;
  values?: Record<string, string | number>;
  /** Shown in a code block under the message (token_balance generations). */
  code?: string;
}

/**
 * Error texts without JSON longer than this are cut, ending with an ellipsis (docs/reference/chat.md (Send errors)).
 */
export const ERROR_TEXT_MAX = 512;

type ErrorJson = Record<string, unknown>;
type Mapper = (json: ErrorJson) => ErrorDisplay;

const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value) || 0);

/** The mapped messages of docs/reference/chat.md (Send errors), by `code` or `type`. */
const MAPPED: Record<string, Mapper> = {
  ban: () => ({ key: 'com_auth_error_login_ban' }),
  invalid_api_key: () => ({ key: 'com_ui_msg_error_invalid_api_key' }),
  insufficient_quota: () => ({ key: 'com_ui_msg_error_insufficient_quota' }),
  moderation: () => ({ key: 'com_ui_msg_error_moderation' }),
  concurrent: (json) => ({ key: 'com_ui_msg_error_concurrent', values: { limit: num(json.limit) } }),
  message_limit: (json): ErrorDisplay => {
    const n = num(json.windowInMinutes);
    const max = num(json.max);
    return n > 1
      ? { key: 'com_ui_msg_error_message_limit_minutes', values: { max, n } }
      : { key: 'com_ui_msg_error_message_limit_minute', values: { max } };
  },
  token_balance: (json) => {
    const code = json.generations === undefined ? undefined : JSON.stringify(json.generations, null, 2);
    if (num(json.balance) === 0) return { key: 'com_ui_msg_error_balance_zero', code };
    const values = {
      balance: num(json.balance),
      promptTokens: num(json.promptTokens),
      tokenCost: num(json.tokenCost),
    };
    return { key: 'com_ui_msg_error_balance_low', values, code };
  },
};

/** The JSON object inside an error text (it may be wrapped in other words), if any. */
export function extractErrorJson(text: string): ErrorJson | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as ErrorJson) : null;
  } catch {
    return null;
  }
}

/**
 * What an errored message shows (docs/reference/chat.md (Send errors)): the mapped message when the text is JSON
 * with a known `code` or `type` (the server's, or a client-side failure's from send-error.ts); else
 * 'Send failed. Error info: {text}', with the JSON's own `message` when it has one, and a text without JSON cut
 * to 512 characters plus an ellipsis.
 */
export function errorDisplay(text: string): ErrorDisplay {
  const json = extractErrorJson(text);
  if (!json) {
    const trimmed = text.trim();
    if (!trimmed) return { key: 'com_ui_msg_error_empty' };
    const cut = trimmed.length > ERROR_TEXT_MAX ? `${trimmed.slice(0, ERROR_TEXT_MAX)}…` : trimmed;
    return { key: 'com_ui_msg_error_default', values: { text: cut } };
  }
  const kind = [json.code, json.type].find(
    (v): v is string => typeof v === 'string' && Object.hasOwn(MAPPED, v),
  );
  if (kind) return MAPPED[kind]!(json);
  const client = clientErrorDisplay(json);
  if (client) return client;
  const detail = typeof json.message === 'string' && json.message ? json.message : text.trim();
  return { key: 'com_ui_msg_error_default', values: { text: detail } };
}
