import { startSim, type Sim } from '@parley/sim';
import { API } from '@parley/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { PASSWORD } from '../../../test/factories.test-helpers';
import { accountCall } from '../users/account.test-helpers';
import { isoIn } from '../../lib/clock';
import type { sseReader } from '../../lib/sse.test-helpers';
import { BAN_CHECK_MS } from './ban-watch';
import {
  generated,
  parseEvents,
  post,
  startChatApp,
  startSlow,
  type ChatApp,
  type ChatEvents,
} from './chat.test-helpers';

const REDIS = Boolean(process.env.TEST_REDIS_URL);

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

/**
 * The rest of a reply's stream, which must end (with its final event) within `ms`: the reply would go on for 40 s
 * unless something stopped it.
 */
async function endsWithin(reader: ReturnType<typeof sseReader>, ms: number): Promise<ChatEvents> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the reply was not stopped within ${ms} ms`)), ms);
  });
  try {
    return parseEvents(await Promise.race([reader.rest(), late]));
  } finally {
    clearTimeout(timer);
  }
}

const messagesOfUser = (app: ChatApp) =>
  app.database.db.selectFrom('messages').select('text').where('user_id', '=', app.userId).execute();

/** The saved reply of the conversation, read from the database (a banned IP gets no API answers). */
const replyOf = (app: ChatApp, conversationId: string) =>
  app.database.db
    .selectFrom('messages')
    .select(['text', 'unfinished'])
    .where('conversation_id', '=', conversationId)
    .where('is_created_by_user', '=', 0)
    .executeTakeFirstOrThrow();

// docs/reference/accounts.md (Bans): a ban stops the user's running reply, saved as an abort saves it.
describe.each(testDialects())('a ban stops running replies on %s', (dialect) => {
  let app: ChatApp;
  afterEach(async () => app?.close());

  // 2000 tokens at 50 a second: 40 s, far past the deadlines below, unless the ban stops it.
  const LONG = { tokens: 2000, rate: 50 };

  it('stops the reply of a user a violation banned', async () => {
    app = await startChatApp(dialect, simulator, {
      redis: REDIS,
      limits: { limitMessageUser: true, messageUserMax: 1, messageUserWindowMinutes: 1 },
      bans: {
        enabled: true,
        interval: 1,
        durationMs: 60_000,
        scoreWindowMinutes: 60,
        scores: { login: 1, message: 1, illegalModel: 1 },
      },
    });
    const { reader, conversationId } = await startSlow(app, LONG);
    // The second send is over the limit: one point, which bans the user (and the IP).
    const refused = await post(app, app.token, `${API.ask}/openAI`, { text: 'again', conversationId });
    expect(refused.status).toBe(429);
    // Stopped as an abort stops it: the partial text saved, marked unfinished, and the stream's final event.
    const { final } = await endsWithin(reader, 5_000);
    expect(final?.responseMessage.unfinished).toBe(true);
    const text = final!.responseMessage.text;
    expect(text.length).toBeLessThan(generated(2000).length);
    expect(generated(2000).startsWith(text)).toBe(true);
    expect(await replyOf(app, conversationId)).toEqual({ text, unfinished: 1 });
  });

  it("stops the reply of a user an operator banned (the row's ban), within the check interval", async () => {
    app = await startChatApp(dialect, simulator, { redis: REDIS });
    const { reader, conversationId } = await startSlow(app, LONG);
    // What `npm run admin -- ban` writes, from another process.
    await app.database.db
      .updateTable('users')
      .set({ banned_until: isoIn(3600) })
      .where('id', '=', app.userId)
      .execute();
    const { final } = await endsWithin(reader, BAN_CHECK_MS + 5_000);
    expect(final?.responseMessage.unfinished).toBe(true);
    expect(await replyOf(app, conversationId)).toEqual({ text: final!.responseMessage.text, unfinished: 1 });
  });
});

// docs/reference/accounts.md (Deleting the account): a deleted account's replies stop, and write nothing after it.
describe.each(testDialects())('deleting the account stops its running replies on %s', (dialect) => {
  let app: ChatApp;
  afterEach(async () => app?.close());
  const LONG = { tokens: 2000, rate: 50 };

  it('the deleting instance stops the reply before the data goes; nothing of it is left', async () => {
    app = await startChatApp(dialect, simulator, { redis: REDIS });
    const { reader } = await startSlow(app, LONG);
    const deleted = await accountCall(app.app, 'deleteUser', app.token, { password: PASSWORD });
    expect(deleted.statusCode).toBe(200);
    // The stream ended at once, as an abort ends it; its partial save came before the deletion removed it.
    const { final } = await endsWithin(reader, 5_000);
    expect(final?.responseMessage.unfinished).toBe(true);
    expect(app.app.services.chat.running.size).toBe(0);
    expect(await messagesOfUser(app)).toEqual([]);
  });

  it('another instance stops it within the check interval (the row marked deleted)', async () => {
    app = await startChatApp(dialect, simulator, { redis: REDIS });
    const { reader } = await startSlow(app, LONG);
    // What the instance that deleted the account wrote.
    await app.database.db
      .updateTable('users')
      .set({ deleted_at: isoIn(0) })
      .where('id', '=', app.userId)
      .execute();
    const { final } = await endsWithin(reader, BAN_CHECK_MS + 5_000);
    expect(final?.responseMessage.unfinished).toBe(true);
  });
});
