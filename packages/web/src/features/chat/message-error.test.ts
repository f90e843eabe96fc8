import { describe, expect, it } from 'vitest';
import { NO_VISION_MESSAGE } from '@parley/shared';
import { ERROR_TEXT_MAX, errorDisplay, extractErrorJson } from './message-error';
import { CLIENT_ERROR_TYPES, clientErrorText } from './send-error';

describe('errorDisplay', () => {
  it('maps the documented JSON error types by type or code', () => {
    expect(errorDisplay('{"type":"invalid_api_key","status":401}')).toEqual({
      key: 'com_ui_msg_error_invalid_api_key_operator',
    });
    expect(errorDisplay('{"code":"insufficient_quota"}').key).toBe(
      'com_ui_msg_error_insufficient_quota_operator',
    );
    expect(errorDisplay('{"type":"moderation"}').key).toBe('com_ui_msg_error_moderation');
    expect(errorDisplay('{"type":"ban"}').key).toBe('com_auth_error_login_ban');
    expect(errorDisplay('{"type":"concurrent","limit":2}')).toEqual({
      key: 'com_ui_msg_error_concurrent',
      values: { limit: 2 },
    });
  });

  it("says in the user's language that the model can't read images (the server's 400)", () => {
    const text = JSON.stringify({ code: 'VALIDATION', message: NO_VISION_MESSAGE, field: 'files' });
    expect(errorDisplay(text)).toEqual({ key: 'com_ui_msg_error_no_vision' });
    // As a refused send keeps it: the body's message alone.
    expect(errorDisplay(NO_VISION_MESSAGE)).toEqual({ key: 'com_ui_msg_error_no_vision' });
  });

  it('points a key problem at Set API key only where the endpoint takes the user’s key', () => {
    const refused = '{"type":"invalid_api_key","status":401}';
    expect(errorDisplay(refused, { userKey: true })).toEqual({
      key: 'com_ui_msg_error_invalid_api_key',
      setKey: true,
    });
    // The operator's key: nothing for the user to set.
    expect(errorDisplay(refused, { userKey: false })).toEqual({
      key: 'com_ui_msg_error_invalid_api_key_operator',
    });
    const quota = '{"type":"insufficient_quota","status":429,"message":"You exceeded your current quota."}';
    expect(errorDisplay(quota, { userKey: true })).toEqual({
      key: 'com_ui_msg_error_insufficient_quota',
      setKey: true,
      detail: 'HTTP 429: You exceeded your current quota.',
    });
    expect(errorDisplay(quota, { userKey: false }).setKey).toBeUndefined();
    // A send refused for a missing or expired key of the user.
    expect(errorDisplay('{"type":"no_user_key"}')).toEqual({
      key: 'com_ui_msg_error_no_user_key',
      setKey: true,
    });
    expect(errorDisplay('{"type":"expired_user_key","expiredAt":"2026-01-01T00:00:00.000Z"}')).toEqual({
      key: 'com_ui_msg_error_expired_user_key',
      setKey: true,
    });
  });

  it.each([
    [
      { status: 404, message: 'The model `gpt-x` does not exist or you do not have access to it.' },
      'model_not_found',
    ],
    [
      { status: 400, message: 'The model `gpt-x` does not exist or you do not have access to it.' },
      'model_not_found',
    ],
    [{ status: 404, message: 'models/gemini-x is not found for API version v1beta.' }, 'model_not_found'],
    [{ status: 404, message: 'model: claude-x' }, 'model_not_found'],
    [
      {
        status: 400,
        message:
          "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
      },
      'context_length',
    ],
    [{ status: 400, message: 'prompt is too long: 210000 tokens > 200000 maximum' }, 'context_length'],
    [
      {
        status: 400,
        message: 'The input token count (1200000) exceeds the maximum number of tokens allowed.',
      },
      'context_length',
    ],
    [{ status: 403, message: 'Permission denied.' }, 'forbidden'],
    [{ status: 500, message: 'The server had an error while processing your request.' }, 'provider_server'],
    [{ status: 529, message: 'Overloaded' }, 'provider_server'],
    [
      { status: 400, message: "Unsupported parameter: 'temperature' is not supported with this model." },
      'provider_refused',
    ],
    [{ message: 'Cannot connect to API: connect ECONNREFUSED 127.0.0.1:9' }, 'provider_unreachable'],
    [{ message: 'Something odd' }, 'provider'],
    // An error frame in the middle of a stream: words, no status.
    [{ message: 'The server had an error while processing your request.' }, 'provider_server'],
    [{ message: 'Overloaded' }, 'provider_server'],
    [{ status: 502, message: 'The endpoint answered HTTP 502' }, 'provider_server'],
  ])('tells the provider failure %j as %s, the provider’s words kept as its detail', (failure, kind) => {
    const body: { status?: number; message: string } = failure;
    const shown = errorDisplay(JSON.stringify({ type: 'upstream_error', ...body }));
    expect(shown.key).toBe(`com_ui_msg_error_${kind}`);
    expect(shown.detail).toContain(body.message);
    if (body.status && !body.message.includes('HTTP'))
      expect(shown.detail).toBe(`HTTP ${body.status}: ${body.message}`);
    // The endpoint's own text said it already: no second status in front.
    if (body.message.includes('HTTP')) expect(shown.detail).toBe(body.message);
  });

  it('translates rate limits and moderation, with the provider’s words as the detail', () => {
    expect(errorDisplay('{"type":"rate_limited","status":429,"message":"Rate limit reached."}')).toEqual({
      key: 'com_ui_msg_error_rate_limited',
      detail: 'HTTP 429: Rate limit reached.',
    });
    expect(errorDisplay('{"type":"moderation","status":400,"message":"Flagged."}')).toEqual({
      key: 'com_ui_msg_error_moderation',
      detail: 'HTTP 400: Flagged.',
    });
    // An error with neither status nor words has no details to open.
    expect(errorDisplay('{"type":"upstream_error"}')).toEqual({ key: 'com_ui_msg_error_provider' });
  });

  it('says per minute or per n minutes for the message limit', () => {
    expect(errorDisplay('{"type":"message_limit","max":40,"windowInMinutes":1}')).toEqual({
      key: 'com_ui_msg_error_message_limit_minute',
      values: { max: 40 },
    });
    expect(errorDisplay('{"type":"message_limit","max":5,"windowInMinutes":15}')).toEqual({
      key: 'com_ui_msg_error_message_limit_minutes',
      values: { max: 5, n: 15 },
    });
  });

  it('names the model a send asked for when the endpoint does not offer it', () => {
    expect(errorDisplay('{"type":"illegal_model_request","model":"gpt-5"}')).toEqual({
      key: 'com_ui_msg_error_illegal_model',
      values: { model: 'gpt-5' },
    });
  });

  it('explains a token balance error, with the generations as code and a way to recharge', () => {
    const zero = errorDisplay('{"type":"token_balance","balance":0,"tokenCost":30,"promptTokens":12}');
    expect(zero).toEqual({ key: 'com_ui_msg_error_balance_zero', code: undefined, recharge: true });
    const low = errorDisplay(
      JSON.stringify({
        type: 'token_balance',
        balance: 500_000,
        tokenCost: 1_250_000,
        promptTokens: 12,
        model: 'gpt-3.5-turbo',
        multiplier: 1,
        generations: ['a'],
      }),
    );
    expect(low.key).toBe('com_ui_msg_error_balance_low');
    // Units shown as credits (100000 = 1), as the balance line shows them.
    expect(low.values).toEqual({ balance: '5.00', tokenCost: '12.50', promptTokens: 12 });
    expect(low.recharge).toBe(true);
    expect(JSON.parse(low.code!)).toEqual(['a']);
  });

  it("names the model's price against gpt-3.5 when it differs", () => {
    const pricier = errorDisplay(
      '{"type":"token_balance","balance":20000,"tokenCost":30,"promptTokens":9,"model":"gpt-4","multiplier":20}',
    );
    expect(pricier).toEqual({
      key: 'com_ui_msg_error_balance_low_multiplier',
      values: { balance: '0.20', tokenCost: '0.0003', promptTokens: 9, model: 'gpt-4', multiplier: 20 },
      code: undefined,
      recharge: true,
    });
  });

  it("names the model's class, whose free uses are used up, when the server sends it", () => {
    const gpt4 = errorDisplay(
      JSON.stringify({
        type: 'token_balance',
        balance: 1000,
        tokenCost: 20000,
        promptTokens: 9,
        model: 'gpt-4o',
        multiplier: 20,
        modelClass: 'gpt-4',
      }),
    );
    expect(gpt4.key).toBe('com_ui_msg_error_balance_low_multiplier');
    expect(gpt4.note).toEqual({ key: 'com_pricing_refusal_class_gpt4', values: { model: 'gpt-4o' } });
    const gpt3 = errorDisplay(
      '{"type":"token_balance","balance":0,"tokenCost":1000,"promptTokens":3,"model":"gpt-4o-mini","modelClass":"gpt-3"}',
    );
    expect(gpt3).toEqual({
      key: 'com_ui_msg_error_balance_zero',
      code: undefined,
      recharge: true,
      note: { key: 'com_pricing_refusal_class_gpt3', values: { model: 'gpt-4o-mini' } },
    });
    // An unknown class (or none, from an older server) adds nothing.
    const odd = errorDisplay(
      '{"type":"token_balance","balance":0,"tokenCost":1,"promptTokens":1,"modelClass":"x"}',
    );
    expect(odd.note).toBeUndefined();
  });

  it('shows client-side failures through send-error’s mapping', () => {
    expect(errorDisplay(clientErrorText(CLIENT_ERROR_TYPES.connection)).key).toBe(
      'com_ui_chat_error_connection',
    );
  });

  it('falls back to “Send failed” with the JSON message, or the text, for unknown types', () => {
    expect(errorDisplay('{"type":"something_new","status":500,"message":"boom"}')).toEqual({
      key: 'com_ui_msg_error_default',
      values: { text: 'boom' },
    });
    expect(errorDisplay('{"type":"toString"}').values).toEqual({ text: '{"type":"toString"}' });
    expect(errorDisplay('Error connecting to server')).toEqual({
      key: 'com_ui_msg_error_default',
      values: { text: 'Error connecting to server' },
    });
  });

  it('cuts a long text without JSON to 512 characters plus an ellipsis', () => {
    const text = 'x'.repeat(600);
    const shown = errorDisplay(text).values!.text as string;
    expect(shown).toHaveLength(ERROR_TEXT_MAX + 1);
    expect(shown.endsWith('…')).toBe(true);
    expect(errorDisplay('   ')).toEqual({ key: 'com_ui_msg_error_empty' });
  });

  it('finds JSON wrapped in other words and rejects broken JSON', () => {
    expect(extractErrorJson('Error: {"type":"moderation"} (400)')).toEqual({ type: 'moderation' });
    expect(extractErrorJson('{not json}')).toBeNull();
    expect(extractErrorJson('[1,2]')).toBeNull();
  });
});
