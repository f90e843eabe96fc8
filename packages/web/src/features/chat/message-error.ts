import { formatCredits, NO_VISION_MESSAGE } from '@parley/shared';
import { formatCostCredits } from '../commerce/purchase';
import { clientErrorDisplay } from './send-error';

/** A send error as the red box shows it: a message key with its values, and optionally a code block. */
export interface ErrorDisplay {
  key: string;
  values?: Record<string, string | number>;
  /** Shown in a code block under the message (token_balance generations). */
  code?: string;
  /** A second line, after the message (token_balance: the model's class, whose free uses are used up). */
  note?: { key: string; values?: Record<string, string | number> };
  /** The provider's own words (raw, untranslated), shown only when the user opens the details. */
  detail?: string;
  /** The way out is the user's key: the box offers Set API key. */
  setKey?: boolean;
  /** The way out is more credits: the box offers Recharge. */
  recharge?: boolean;
}

/** What the error box knows about the endpoint of the reply. */
export interface ErrorContext {
  /**
   * True when the endpoint takes the user's own key (`userProvide`), false when it runs on the operator's key;
   * undefined when unknown (an endpoint no longer configured), which is told as the operator's.
   */
  userKey?: boolean;
}

/**
 * Error texts without JSON longer than this are cut, ending with an ellipsis (docs/reference/chat.md (Send errors)).
 */
export const ERROR_TEXT_MAX = 512;

type ErrorJson = Record<string, unknown>;
type Mapper = (json: ErrorJson, context: ErrorContext) => ErrorDisplay;

const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value) || 0);

/** The provider's words of a mapped error (its `message`), with the HTTP status in front when there is one. */
function providerDetail(json: ErrorJson): string | undefined {
  const message = typeof json.message === 'string' ? json.message.trim() : '';
  const status = typeof json.status === 'number' ? json.status : undefined;
  // A status alone says nothing the headline does not: no disclosure for it.
  if (!message) return undefined;
  return status && !message.includes(`HTTP ${status}`) ? `HTTP ${status}: ${message}` : message;
}

/** A headline with the provider's words as its detail (absent when the server sent none). */
const headline = (key: string, json: ErrorJson, extra: Partial<ErrorDisplay> = {}): ErrorDisplay => {
  const detail = providerDetail(json);
  return { key, ...extra, ...(detail ? { detail } : {}) };
};

/** A key problem: on an endpoint of the user's key, the user can set it; else only the operator can act. */
const keyProblem =
  (userKeyText: string, operatorText: string): Mapper =>
  (json, { userKey }) =>
    userKey ? headline(userKeyText, json, { setKey: true }) : headline(operatorText, json);

const CONTEXT_LENGTH =
  /context.?length|context window|maximum context|too many tokens|prompt is too long|input token count|exceeds the maximum number of tokens|reduce the length/i;
const MODEL_MISSING =
  /model\b.*\b(does not exist|not found|is not supported|unknown|invalid|not available|decommissioned|deprecated)|(no such|unknown|invalid) model|model_not_found|deployment.*(does not exist|not found)/i;
/** A provider's failure told in words only (an error frame in a stream has no HTTP status). */
const SERVER_FAILURE =
  /server (had an )?error|internal (server )?error|server_error|api_error|overloaded|service unavailable|bad gateway/i;
const UNREACHABLE =
  /cannot connect|connect(ion)? (refused|reset|error)|econnrefused|econnreset|enotfound|fetch failed|socket|network|timed? ?out|timeout/i;

/**
 * Kinds of the server's `upstream_error` (any provider failure that is not a key, quota, rate limit or moderation),
 * told apart by the HTTP status and the provider's words: a missing model, a conversation too long for the model,
 * access refused, the provider's own failure (5xx), a refused request (other 4xx), no answer at all.
 */
function upstreamKey(json: ErrorJson): string {
  const status = typeof json.status === 'number' ? json.status : undefined;
  const message = typeof json.message === 'string' ? json.message : '';
  if (CONTEXT_LENGTH.test(message)) return 'com_ui_msg_error_context_length';
  if (status === 404 || MODEL_MISSING.test(message)) return 'com_ui_msg_error_model_not_found';
  if (status === 403) return 'com_ui_msg_error_forbidden';
  if (status !== undefined && status >= 500) return 'com_ui_msg_error_provider_server';
  if (status !== undefined && status >= 400) return 'com_ui_msg_error_provider_refused';
  if (status === undefined && UNREACHABLE.test(message)) return 'com_ui_msg_error_provider_unreachable';
  if (status === undefined && SERVER_FAILURE.test(message)) return 'com_ui_msg_error_provider_server';
  return 'com_ui_msg_error_provider';
}

/**
 * What a balance refusal adds about the model's class (its `modelClass`, a field beside the contract's): the model
 * is of that class and its free uses of that class are used up, so it is paid in credits. None when the server sent
 * no class or no model.
 */
function classNote(json: ErrorJson): ErrorDisplay['note'] {
  const key =
    json.modelClass === 'gpt-4'
      ? 'com_pricing_refusal_class_gpt4'
      : json.modelClass === 'gpt-3'
        ? 'com_pricing_refusal_class_gpt3'
        : null;
  const model = typeof json.model === 'string' ? json.model : '';
  return key && model ? { key, values: { model } } : undefined;
}

/** The mapped messages of docs/reference/chat.md (Send errors), by `code` or `type`. */
const MAPPED: Record<string, Mapper> = {
  ban: () => ({ key: 'com_auth_error_login_ban' }),
  invalid_api_key: keyProblem(
    'com_ui_msg_error_invalid_api_key',
    'com_ui_msg_error_invalid_api_key_operator',
  ),
  insufficient_quota: keyProblem(
    'com_ui_msg_error_insufficient_quota',
    'com_ui_msg_error_insufficient_quota_operator',
  ),
  no_user_key: () => ({ key: 'com_ui_msg_error_no_user_key', setKey: true }),
  expired_user_key: () => ({ key: 'com_ui_msg_error_expired_user_key', setKey: true }),
  moderation: (json) => headline('com_ui_msg_error_moderation', json),
  rate_limited: (json) => headline('com_ui_msg_error_rate_limited', json),
  upstream_error: (json) => headline(upstreamKey(json), json),
  concurrent: (json) => ({ key: 'com_ui_msg_error_concurrent', values: { limit: num(json.limit) } }),
  message_limit: (json): ErrorDisplay => {
    const n = num(json.windowInMinutes);
    const max = num(json.max);
    return n > 1
      ? { key: 'com_ui_msg_error_message_limit_minutes', values: { max, n } }
      : { key: 'com_ui_msg_error_message_limit_minute', values: { max } };
  },
  // A model the endpoint does not offer (docs/reference/accounts.md (Bans)): the model named, no server details.
  illegal_model_request: (json) => ({
    key: 'com_ui_msg_error_illegal_model',
    values: { model: typeof json.model === 'string' ? json.model : '' },
  }),
  // docs/reference/commerce.md (The web's commerce screens): at zero, recharging (and, for an account not yet
  // activated, its activation link, which brings the free uses and credits); else the balance, the prompt's length
  // and the cost in credits, the model's price against gpt-3.5 when it is not 1. Both offer Recharge, and both
  // name the model's class when the server sent it (docs/reference/balance.md (When a user cannot pay)).
  token_balance: (json) => {
    const code = json.generations === undefined ? undefined : JSON.stringify(json.generations, null, 2);
    const note = classNote(json);
    if (num(json.balance) === 0) {
      return { key: 'com_ui_msg_error_balance_zero', code, recharge: true, ...(note ? { note } : {}) };
    }
    const multiplier = num(json.multiplier);
    const values = {
      balance: formatCredits(num(json.balance)),
      promptTokens: num(json.promptTokens),
      tokenCost: formatCostCredits(num(json.tokenCost)),
    };
    if (multiplier > 0 && multiplier !== 1) {
      const model = typeof json.model === 'string' && json.model ? json.model : 'gpt-4';
      return {
        key: 'com_ui_msg_error_balance_low_multiplier',
        values: { ...values, model, multiplier },
        code,
        recharge: true,
        ...(note ? { note } : {}),
      };
    }
    return { key: 'com_ui_msg_error_balance_low', values, code, recharge: true, ...(note ? { note } : {}) };
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
 * with a known `code` or `type` (the server's, or a client-side failure's from send-error.ts), in the user's
 * language, with the provider's own words as a `detail` shown on request; else 'Send failed. Error info: {text}',
 * with the JSON's own `message` when it has one, and a text without JSON cut to 512 characters plus an ellipsis.
 * `context` tells whether the endpoint takes the user's key, which decides who can fix a key problem.
 */
export function errorDisplay(text: string, context: ErrorContext = {}): ErrorDisplay {
  const json = extractErrorJson(text);
  // Images for a model that can't read them (a regenerate of a question with images, a send the message box did
  // not hold back): the refusal's message arrives alone (chat-session.ts, refusalText), or inside its JSON.
  if (text.trim() === NO_VISION_MESSAGE || json?.message === NO_VISION_MESSAGE) {
    return { key: 'com_ui_msg_error_no_vision' };
  }
  if (!json) {
    const trimmed = text.trim();
    if (!trimmed) return { key: 'com_ui_msg_error_empty' };
    const cut = trimmed.length > ERROR_TEXT_MAX ? `${trimmed.slice(0, ERROR_TEXT_MAX)}…` : trimmed;
    return { key: 'com_ui_msg_error_default', values: { text: cut } };
  }
  const kind = [json.code, json.type].find(
    (v): v is string => typeof v === 'string' && Object.hasOwn(MAPPED, v),
  );
  if (kind) return MAPPED[kind]!(json, context);
  const client = clientErrorDisplay(json);
  if (client) return client;
  const detail = typeof json.message === 'string' && json.message ? json.message : text.trim();
  return { key: 'com_ui_msg_error_default', values: { text: detail } };
}
