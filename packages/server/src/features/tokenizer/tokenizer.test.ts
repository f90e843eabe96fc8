import { afterEach, describe, expect, it } from 'vitest';
import { API } from '@parley/shared';
import { countTokens as exact } from 'gpt-tokenizer';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { countTokens } from '../../lib/tokens';
import { call } from '../messages/messages.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';

describe('countTokens', () => {
  it('is exact for ordinary text and close for long unbroken runs', () => {
    const prose = 'The quick brown fox jumps over the lazy dog. 今天天气很好。\n'.repeat(300);
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(exact('hello world'));
    expect(countTokens(prose)).toBe(exact(prose));
    const blob = 'ab'.repeat(5_000);
    expect(Math.abs(countTokens(blob) - exact(blob)) / exact(blob)).toBeLessThan(0.1);
  });
});

describe.each(testDialects())('POST /api/tokenizer on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('counts tokens of {text} or {arg: text}, 0 for empty text, 400 for a wrong type, 401 without a token', async () => {
    t = await buildTestApp(dialect);
    const { token } = await newUser(t.app);
    const res = await call(t.app, token, 'POST', API.tokenizer, { text: 'hello world' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: exact('hello world') });
    expect((await call(t.app, token, 'POST', API.tokenizer, { text: '' })).json()).toEqual({ count: 0 });
    const wrapped = await call(t.app, token, 'POST', API.tokenizer, { arg: 'hello world' });
    expect(wrapped.json()).toEqual({ count: exact('hello world') });
    for (const body of [{ text: 5 }, {}, { text: null }, { arg: 5 }, { arg: null }]) {
      expect((await call(t.app, token, 'POST', API.tokenizer, body)).statusCode).toBe(400);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: API.tokenizer, payload: { text: 'x' } })).statusCode,
    ).toBe(401);
  });

  it('answers a 1 MB text', async () => {
    t = await buildTestApp(dialect);
    const { token } = await newUser(t.app);
    for (const text of ['word '.repeat(200_000), 'x'.repeat(1_000_000)]) {
      const start = performance.now();
      const res = await call(t.app, token, 'POST', API.tokenizer, { text });
      console.log(`tokenizer ${text.slice(0, 5)}… 1 MB: ${(performance.now() - start).toFixed(0)} ms`);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ count: number }>().count).toBeGreaterThan(0);
    }
  });
});
