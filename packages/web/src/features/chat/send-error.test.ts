import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_TYPES, clientErrorDisplay, clientErrorText, isBanErrorText } from './send-error';

const parse = (text: string) => JSON.parse(text) as Record<string, unknown>;

describe('client-side send errors', () => {
  it('are JSON texts with a type, mapped to their messages', () => {
    expect(clientErrorText(CLIENT_ERROR_TYPES.connection)).toBe('{"type":"connection_error"}');
    expect(clientErrorDisplay(parse(clientErrorText(CLIENT_ERROR_TYPES.connection)))).toEqual({
      key: 'com_ui_chat_error_connection',
    });
    expect(clientErrorDisplay(parse(clientErrorText(CLIENT_ERROR_TYPES.cancel)))).toEqual({
      key: 'com_ui_chat_error_cancel',
    });
    const unexpected = clientErrorText(CLIENT_ERROR_TYPES.unexpectedAbort, {
      status: 502,
      text: 'Bad Gateway',
    });
    expect(clientErrorDisplay(parse(unexpected))).toEqual({
      key: 'com_ui_chat_error_unexpected_abort',
      values: { status: '502', text: 'Bad Gateway' },
    });
  });

  it('leave every other type to the server mapping', () => {
    expect(clientErrorDisplay({ type: 'invalid_api_key' })).toBeNull();
  });
});

describe('isBanErrorText', () => {
  it('is true for the ban type or code, and for plain text containing "ban"', () => {
    expect(isBanErrorText('{"type":"ban"}')).toBe(true);
    expect(isBanErrorText('{"code":"ban","message":"x"}')).toBe(true);
    expect(isBanErrorText('Your account has been temporarily banned due to violations of our service.')).toBe(
      true,
    );
  });

  it('is false for other JSON errors and ordinary text', () => {
    expect(isBanErrorText('{"type":"upstream_error","message":"urban legend"}')).toBe(false);
    expect(isBanErrorText('{"type":"invalid_api_key"}')).toBe(false);
    expect(isBanErrorText('Network down')).toBe(false);
  });
});
