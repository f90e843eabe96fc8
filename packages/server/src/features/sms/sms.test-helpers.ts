import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { API } from '@parley/shared';
import type { DialectName } from '../../db/database';
import type { AppConfig } from '../../config/config.types';
import { DEFAULT_SMS_SETTINGS } from '../../config/sms-settings';
import { buildTestApp, type DeepPartial, type TestApp } from '../../../test/app.test-helpers';

// SMS sign-in as its API tests drive it: an app with SMS_PROVIDER=log whose log is kept, so a test reads the code
// that "was texted" as a developer would.

export interface SmsTestApp extends TestApp {
  /** The newest code the log transport wrote for this phone. */
  codeFor(phone: string): string;
  /** Every log line, parsed. */
  lines(): Array<Record<string, unknown>>;
}

export async function buildSmsTestApp(
  dialect: DialectName,
  overrides: DeepPartial<AppConfig> = {},
  options: { redis?: boolean } = {},
): Promise<SmsTestApp> {
  const lines: Array<Record<string, unknown>> = [];
  let partial = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      partial += chunk.toString('utf8');
      const parts = partial.split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const t = await buildTestApp(
    dialect,
    { ...overrides, sms: { ...DEFAULT_SMS_SETTINGS, transport: { provider: 'log' }, ...overrides.sms } },
    { ...options, logger: { level: 'warn', stream } },
  );
  return {
    ...t,
    lines: () => lines,
    codeFor(phone) {
      const line = lines.filter((l) => l.smsPhone === phone).pop();
      if (!line) throw new Error(`no code was logged for ${phone}`);
      return String(line.smsCode);
    },
  };
}

export function sendCode(app: FastifyInstance, phoneNumber: unknown, remoteAddress?: string) {
  return app.inject({ method: 'POST', url: API.sendVerifyCode, payload: { phoneNumber }, remoteAddress });
}

export function phoneLogin(app: FastifyInstance, body: Record<string, unknown>, remoteAddress?: string) {
  return app.inject({ method: 'POST', url: API.phoneLogin, payload: body, remoteAddress });
}
