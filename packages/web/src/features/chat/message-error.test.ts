import { describe, expect, it } from 'vitest';
import { ERROR_TEXT_MAX, errorDisplay, extractErrorJson } from './message-error';
import { CLIENT_ERROR_TYPES, clientErrorText } from './send-error';

describe('errorDisplay', () => {
  it('maps the documented JSON error types by type or code', () => {
    expect(errorDisplay('{"type":"invalid_api_key","status":401}')).toEqual({
      key: 'com_ui_msg_error_invalid_api_key',
    });
    expect(errorDisplay('{"code":"insufficient_quota"}').key).toBe('com_ui_msg_error_insufficient_quota');
    expect(errorDisplay('{"type":"moderation"}').key).toBe('com_ui_msg_error_moderation');
    expect(errorDisplay('{"type":"ban"}').key).toBe('com_auth_error_login_ban');
    expect(errorDisplay('{"type":"concurrent","limit":2}')).toEqual({
      key: 'com_ui_msg_error_concurrent',
      values: { limit: 2 },
    });
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

  it('explains a token balance error, with the generations as code', () => {
    const zero = errorDisplay('{"type":"token_balance","balance":0,"tokenCost":30,"promptTokens":12}');
    expect(zero).toEqual({ key: 'com_ui_msg_error_balance_zero', code: undefined });
    const low = errorDisplay(
      JSON.stringify({
        type: 'token_balance',
        balance: 5,
        tokenCost: 30,
        promptTokens: 12,
        generations: ['a'],
      }),
    );
    expect(low.key).toBe('com_ui_msg_error_balance_low');
    expect(low.values).toEqual({ balance: 5, tokenCost: 30, promptTokens: 12 });
    expect(JSON.parse(low.code!)).toEqual(['a']);
  });

  it('shows client-side failures through send-error’s mapping', () => {
    expect(errorDisplay(clientErrorText(CLIENT_ERROR_TYPES.connection)).key).toBe(
      'com_ui_chat_error_connection',
    );
  });

  it('falls back to “Send failed” with the JSON message, or the text, for unknown types', () => {
    expect(errorDisplay('{"type":"upstream_error","status":500,"message":"boom"}')).toEqual({
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
