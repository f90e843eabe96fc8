import { startSim, type Sim } from '@parley/sim';
import { NIL_UUID, type ConversationPage, type SearchPage } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { manualClock } from '../tasks/tasks.test-helpers';
import { createTaskRunner } from '../tasks/task-runner';
import { ask, get, messagesOf, post, sim, startChatApp, type ChatApp } from '../chat/chat.test-helpers';
import {
  createExpiryHandler,
  EXPIRE_CONVERSATIONS_TASK,
  temporaryChatExpiry,
  temporaryChatRetentionHours,
} from './temporary-chats';

const HOUR = 3_600_000;

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

describe('temporary chat retention', () => {
  it('is interface.temporaryChatRetention hours, 720 (30 days) when unset', () => {
    expect(temporaryChatRetentionHours({ yaml: null })).toBe(720);
    const yaml = { version: '1.0.3', interface: { temporaryChatRetention: 2 } };
    expect(temporaryChatRetentionHours({ yaml })).toBe(2);
    expect(temporaryChatExpiry({ yaml }, Date.UTC(2026, 0, 1))).toBe('2026-01-01T02:00:00.000Z');
  });
});

// docs/reference/conversations.md (Temporary chats)
describe.each(testDialects())('temporary chats on %s', (dialect) => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator);
  });
  afterAll(() => app.close());

  async function chat(text: string, extra: Record<string, unknown> = {}) {
    const res = await ask(app, 'openAI', {
      text: `${text} ${sim({ reply: `About ${text}.` })}`,
      parentMessageId: NIL_UUID,
      conversationId: 'new',
      ...extra,
    });
    expect(res.status).toBe(200);
    return res.events.final!;
  }
  const listed = async (query = '') =>
    ((await (await get(app, app.token, `/api/convos${query}`)).json()) as ConversationPage).conversations.map(
      (c) => c.conversationId,
    );

  it('is kept out of the list and search, still opens, and expires after the retention', async () => {
    const before = Date.now();
    const temporary = (await chat('zephyrwhistle', { isTemporary: true })).conversation;
    const kept = (await chat('zephyrwhistle kept')).conversation;
    expect(temporary.expiredAt).toBeDefined();
    const expiresIn = Date.parse(temporary.expiredAt!) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(720 * HOUR);
    expect(expiresIn).toBeLessThan(720 * HOUR + 60_000);
    expect(kept.expiredAt).toBeUndefined();

    expect(await listed()).toContain(kept.conversationId);
    expect(await listed()).not.toContain(temporary.conversationId);
    expect(await listed('?isArchived=true')).not.toContain(temporary.conversationId);
    const found = (await (await get(app, app.token, '/api/search?q=zephyrwhistle')).json()) as SearchPage;
    expect(found.conversations.map((c) => c.conversationId)).toEqual([kept.conversationId]);
    expect(new Set(found.messages.map((m) => m.conversationId))).toEqual(new Set([kept.conversationId]));
    // The owner still opens it (the chat on screen reads it), and a later send stays temporary.
    const one = await get(app, app.token, `/api/convos/${temporary.conversationId}`);
    expect(one.status).toBe(200);
    const next = await ask(app, 'openAI', {
      text: `more ${sim({ reply: 'More.' })}`,
      parentMessageId: (await messagesOf(app, temporary.conversationId)).at(-1)!.messageId,
      conversationId: temporary.conversationId,
    });
    expect(next.events.final!.conversation.expiredAt).toBe(temporary.expiredAt);

    // The send queued its deletion; a runner on a fake clock runs it once the retention is up, not before.
    const clock = manualClock();
    const runner = createTaskRunner({
      db: app.database.db,
      handlers: { [EXPIRE_CONVERSATIONS_TASK]: createExpiryHandler(app.database.db, clock) },
      clock,
    });
    const at = (ms: number) => clock.advance(ms - clock.now());
    at(Date.parse(temporary.expiredAt!) - 60_000);
    expect(await runner.poll()).toBe(0);
    expect((await get(app, app.token, `/api/convos/${temporary.conversationId}`)).status).toBe(200);
    at(Date.parse(temporary.expiredAt!) + 1_000);
    expect(await runner.poll()).toBe(1);
    await runner.idle();
    expect((await get(app, app.token, `/api/convos/${temporary.conversationId}`)).status).toBe(404);
    const remaining = await app.database.db
      .selectFrom('messages')
      .select('message_id')
      .where('conversation_id', '=', temporary.conversationId)
      .execute();
    expect(remaining).toEqual([]);
    // The kept chat is untouched.
    expect((await get(app, app.token, `/api/convos/${kept.conversationId}`)).status).toBe(200);
  });

  it('refuses isTemporary that is not a boolean, naming the field, and saves nothing', async () => {
    const before = await listed();
    const res = await post(app, app.token, '/api/ask/openAI', {
      text: 'hi',
      parentMessageId: NIL_UUID,
      conversationId: 'new',
      isTemporary: 'yes',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('isTemporary');
    expect(await listed()).toEqual(before);
  });

  it('refuses to share a temporary chat with a 400', async () => {
    const temporary = (await chat('a secret plan', { isTemporary: true })).conversation;
    const res = await post(app, app.token, `/api/share/${temporary.conversationId}`, {});
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('temporary chat cannot be shared');
  });
});
