import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@parley/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsTransportSettings } from '../../config/sms-settings';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { createSmsSender, SmsProviderError } from './sms-sender';
import { sendCode } from './sms.test-helpers';

// Each provider's official SDK against a local server that checks what the SDK sent and answers as the provider
// does (docs/reference/accounts.md (SMS settings)).

const PHONE = '13800138000';
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

interface Seen {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server | null = null;
let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = null;
});

/** A provider stand-in: records each request and answers with `answer()` as JSON. */
async function fakeProvider(answer: () => unknown): Promise<{ host: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method!, url: new URL(req.url!, 'http://x'), headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer()));
    });
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  return { host: `127.0.0.1:${(server!.address() as AddressInfo).port}`, seen };
}

const aliyun = (host: string): SmsTransportSettings => ({
  provider: 'aliyun',
  aliyun: {
    accessKeyId: 'LTAI-test-id',
    accessKeySecret: 'test-secret',
    signName: '派乐',
    templateCode: 'SMS_123456789',
    endpoint: { protocol: 'http', host },
  },
});

const tencent = (host: string): SmsTransportSettings => ({
  provider: 'tencent',
  tencent: {
    secretId: 'AKID-test-id',
    secretKey: 'test-key',
    sdkAppId: '1400000000',
    signName: '派乐',
    templateId: '1234567',
    region: 'ap-guangzhou',
    endpoint: { protocol: 'http', host },
  },
});

/** Aliyun's RPC parameters, wherever the SDK put them (query string or form body). */
function aliyunParams(seen: Seen): Record<string, string> {
  return {
    ...Object.fromEntries(seen.url.searchParams),
    ...Object.fromEntries(new URLSearchParams(seen.body)),
  };
}

describe('Aliyun SMS transport (@alicloud/dysmsapi20170525)', () => {
  it('sends SendSms with the phone, sign name, template and the code as template parameter', async () => {
    const provider = await fakeProvider(() => ({ Code: 'OK', Message: 'OK', BizId: 'b1', RequestId: 'r1' }));
    await createSmsSender(aliyun(provider.host)).sendCode(PHONE, '042917', log);
    expect(provider.seen).toHaveLength(1);
    const [req] = provider.seen;
    expect(req!.method).toBe('POST');
    const params = aliyunParams(req!);
    expect(params).toMatchObject({
      PhoneNumbers: PHONE,
      SignName: '派乐',
      TemplateCode: 'SMS_123456789',
    });
    expect(JSON.parse(params.TemplateParam!)).toEqual({ code: '042917' });
    expect(req!.headers['x-acs-action']).toBe('SendSms');
    expect(String(req!.headers.authorization)).toContain('LTAI-test-id');
  });

  it('throws a provider error when Aliyun refuses', async () => {
    const provider = await fakeProvider(() => ({
      Code: 'isv.BUSINESS_LIMIT_CONTROL',
      Message: 'limit reached',
      RequestId: 'r2',
    }));
    const sending = createSmsSender(aliyun(provider.host)).sendCode(PHONE, '042917', log);
    await expect(sending).rejects.toBeInstanceOf(SmsProviderError);
    await expect(sending).rejects.toThrow(/isv\.BUSINESS_LIMIT_CONTROL/);
  });

  it('makes the route answer 502 without details, and leaves no usable code and no 60 s wait', async () => {
    let ok = false;
    const provider = await fakeProvider(() =>
      ok ? { Code: 'OK', Message: 'OK' } : { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: 'secret detail' },
    );
    t = await buildTestApp('sqlite', { sms: { transport: aliyun(provider.host) } });
    const res = await sendCode(t.app, PHONE);
    expect(res.statusCode).toBe(502);
    expect(res.json<ApiErrorBody>()).toEqual({
      code: 'BAD_GATEWAY',
      message: 'The verification code could not be sent. Please try again later.',
      key: 'com_auth_verify_code_send_failed',
    });
    expect(res.body).not.toContain('secret detail');
    expect(await t.database.db.selectFrom('sms_codes').selectAll().execute()).toEqual([]);
    ok = true;
    expect((await sendCode(t.app, PHONE)).statusCode).toBe(200);
    expect(provider.seen).toHaveLength(2);
  });

  it("costs the phone nothing of its daily cap when the provider fails, but counts for the IP's", async () => {
    let ok = false;
    const provider = await fakeProvider(() =>
      ok ? { Code: 'OK', Message: 'OK' } : { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'x' },
    );
    t = await buildTestApp('sqlite', {
      sms: { transport: aliyun(provider.host), phoneDailyMax: 1, ipDailyMax: 3 },
    });
    expect((await sendCode(t.app, PHONE)).statusCode).toBe(502);
    expect((await sendCode(t.app, PHONE)).statusCode).toBe(502);
    ok = true;
    // Two failures, and the phone's one code of the day still goes out.
    expect((await sendCode(t.app, PHONE)).statusCode).toBe(200);
    // The IP asked three times: its fourth request is refused, whatever the phone.
    const fourth = await sendCode(t.app, '13700137000');
    expect(fourth.statusCode).toBe(429);
    expect(provider.seen).toHaveLength(3);
  });
});

describe('Tencent Cloud SMS transport (tencentcloud-sdk-nodejs-sms)', () => {
  it('sends SendSms with +86 and the phone, app id, sign name, template and the code as parameter', async () => {
    const provider = await fakeProvider(() => ({
      Response: {
        SendStatusSet: [{ Code: 'Ok', Message: 'send success', PhoneNumber: `+86${PHONE}` }],
        RequestId: 'r1',
      },
    }));
    await createSmsSender(tencent(provider.host)).sendCode(PHONE, '042917', log);
    expect(provider.seen).toHaveLength(1);
    const [req] = provider.seen;
    expect(req!.headers['x-tc-action']).toBe('SendSms');
    expect(req!.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(String(req!.headers.authorization)).toContain('Credential=AKID-test-id/');
    expect(JSON.parse(req!.body)).toEqual({
      PhoneNumberSet: [`+86${PHONE}`],
      SmsSdkAppId: '1400000000',
      SignName: '派乐',
      TemplateId: '1234567',
      TemplateParamSet: ['042917'],
    });
  });

  it('throws a provider error for a refused call and for a refused number', async () => {
    let answer: unknown = {
      Response: {
        Error: { Code: 'FailedOperation.SignatureIncorrectOrUnapproved', Message: 'bad sign' },
        RequestId: 'r2',
      },
    };
    const provider = await fakeProvider(() => answer);
    const sender = createSmsSender(tencent(provider.host));
    await expect(sender.sendCode(PHONE, '042917', log)).rejects.toThrow(/SignatureIncorrectOrUnapproved/);
    answer = {
      Response: {
        SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit', Message: 'daily limit' }],
        RequestId: 'r3',
      },
    };
    await expect(sender.sendCode(PHONE, '042917', log)).rejects.toBeInstanceOf(SmsProviderError);
  });

  it('makes the route answer 502 on a refusal', async () => {
    const provider = await fakeProvider(() => ({
      Response: {
        Error: { Code: 'UnauthorizedOperation.SmsSdkAppIdVerifyFail', Message: 'x' },
        RequestId: 'r',
      },
    }));
    t = await buildTestApp('sqlite', { sms: { transport: tencent(provider.host) } });
    const res = await sendCode(t.app, PHONE);
    expect(res.statusCode).toBe(502);
    expect(res.json<ApiErrorBody>().code).toBe('BAD_GATEWAY');
  });
});
