import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startSim } from '@parley/sim';
import { API, DELTA_FRAMES, NIL_UUID, STREAM_FRAMES_HEADER, type AuthResult } from '@parley/shared';
import { sseReader } from '../src/lib/sse.test-helpers';
import { parseEvents } from '../src/features/chat/chat.test-helpers';
import { startServer, type ServerProcess } from './server-process';

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * docs/architecture.md (Scale-out), for real: two server processes on loopback share one PostgreSQL schema and one
 * Redis, with no sticky sessions. A reply started on one is followed and aborted through the other.
 */
describe.skipIf(!pgUrl || !redisUrl)('two server processes sharing PostgreSQL and Redis', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let sim: Awaited<ReturnType<typeof startSim>>;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    sim = await startSim();
    const shared = {
      DATABASE_URL: `${pgUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      REDIS_URL: redisUrl!,
      // Both instances must sign and accept the same tokens.
      JWT_SECRET: randomBytes(32).toString('hex'),
      JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
      CREDS_KEY: randomBytes(32).toString('hex'),
      CREDS_IV: randomBytes(16).toString('hex'),
      OPENAI_API_KEY: 'sk-two-processes',
      OPENAI_REVERSE_PROXY: `${sim.url}/v1`,
      TITLE_CONVO: 'false',
      // The sign-up limit counts in the shared Redis under the default prefix, per IP, for an hour: other runs on
      // this machine (benches, earlier test runs) from 127.0.0.1 must not use up this test's sign-up.
      REGISTER_MAX: '100000',
      LOGIN_MAX: '100000',
    };
    // One after the other: the first applies the migrations, the second finds them done.
    a = await startServer(shared);
    b = await startServer(shared);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sim?.close();
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('follows and aborts on B a reply that A is generating, and both see the saved partial', async () => {
    const password = 'correct horse battery';
    const reg = await fetch(`${a.baseUrl}${API.register}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Two Procs',
        email: 'two@example.com',
        password,
        confirm_password: password,
      }),
    });
    expect(reg.status).toBe(201);
    const { token } = (await reg.json()) as AuthResult;
    const auth = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      [STREAM_FRAMES_HEADER]: DELTA_FRAMES,
    };

    // 200 tokens at 40/s: about five seconds, long enough to follow and stop it elsewhere.
    const started = await fetch(`${a.baseUrl}/api/ask/openAI`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        text: `Tell me a long story [[sim ${JSON.stringify({ tokens: 200, rate: 40 })}]]`,
        conversationId: null,
        parentMessageId: NIL_UUID,
        model: 'gpt-3.5-turbo',
      }),
    });
    expect(started.status).toBe(200);
    const onA = sseReader(started.body!);
    const first = await onA.next();
    const created = JSON.parse(first!.data!) as { created: boolean; message: { conversationId: string } };
    expect(created.created).toBe(true);
    const conversationId = created.message.conversationId;
    const restOfA = onA.rest();

    // B replays from the start, then follows live.
    const follow = await fetch(`${b.baseUrl}/api/ask/stream/${conversationId}`, { headers: auth });
    expect(follow.status).toBe(200);
    const onB = sseReader(follow.body!);
    const seenOnB = [];
    let text = '';
    while (text.split('tok').length - 1 < 10) {
      const frame = await onB.next();
      expect(frame).not.toBeNull();
      seenOnB.push(frame!);
      const data = frame!.data ? (JSON.parse(frame!.data) as { text?: string; final?: boolean }) : {};
      if (typeof data.text === 'string' && !data.final) text += data.text;
    }
    expect(JSON.parse(seenOnB.find((f) => f.data)!.data!)).toMatchObject({ created: true });

    // The abort arrives at B; A, which runs the job, stops it and saves the partial.
    const abort = await fetch(`${b.baseUrl}/api/ask/openAI/abort`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ abortKey: conversationId, endpoint: 'openAI' }),
    });
    expect(abort.status).toBe(200);
    const aborted = (await abort.json()) as {
      final: boolean;
      responseMessage: { messageId: string; text: string; unfinished: boolean };
    };
    expect(aborted.final).toBe(true);
    expect(aborted.responseMessage.unfinished).toBe(true);
    expect(aborted.responseMessage.text.startsWith(text)).toBe(true);
    const tokensSaved = aborted.responseMessage.text.split('tok').length - 1;
    expect(tokensSaved).toBeGreaterThanOrEqual(10);
    expect(tokensSaved).toBeLessThan(200);

    // Both streams end with the same final event.
    const eventsOnA = parseEvents(await restOfA);
    const eventsOnB = parseEvents([...seenOnB, ...(await onB.rest())]);
    expect(eventsOnA.final?.responseMessage).toMatchObject({
      text: aborted.responseMessage.text,
      unfinished: true,
    });
    expect(eventsOnB.final?.responseMessage).toMatchObject({
      text: aborted.responseMessage.text,
      unfinished: true,
    });
    expect(eventsOnB.deltas.join('')).toBe(aborted.responseMessage.text);

    // Whichever instance answers, the saved conversation is the same.
    for (const server of [a, b]) {
      const res = await fetch(`${server.baseUrl}/api/messages/${conversationId}`, { headers: auth });
      const messages = (await res.json()) as { messageId: string; text: string; unfinished: boolean }[];
      expect(messages).toHaveLength(2);
      expect(messages.find((m) => m.messageId === aborted.responseMessage.messageId)).toMatchObject({
        text: aborted.responseMessage.text,
        unfinished: true,
      });
    }
  }, 60_000);
});
