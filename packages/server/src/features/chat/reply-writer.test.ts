import { randomUUID } from 'node:crypto';
import type { ContentPart } from '@parley/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newConversation, newMessage, newUser } from '../../../test/factories.test-helpers';
import { getMessage } from '../messages/messages.repository';
import type { Turn } from './chat-turn';
import { deferred, type Deferred } from './held-search.test-helpers';
import type { PartialSaves } from './partial-saves';
import { createReplyWriter } from './reply-writer';

const step = (name: string, output: string | null): ContentPart => ({
  type: 'tool_call',
  tool_call: {
    id: `call_${name}`,
    type: 'function',
    name,
    arguments: '{}',
    output,
    progress: output ? 1 : 0,
  },
});

// docs/reference/tools.md (A reply that uses tools): each step is saved as it ends, so a reload or a killed process
// keeps the finished steps, and only those.
describe.each(testDialects())('the reply writer on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('saves the parts as they stood when the step ended, not a step the next call started meanwhile', async () => {
    t = await buildTestApp(dialect);
    const { user } = await newUser(t.app);
    const db = t.database.db;
    const conversationId = await newConversation(db, user.id);
    const question = await newMessage(db, user.id, conversationId);
    // The partial saves are held by the test: each settle waits until the test lets it go.
    const settles: Deferred<void>[] = [];
    const settling = [deferred(), deferred()];
    const partials: PartialSaves = {
      touch: () => {},
      settle: () => {
        const held = deferred();
        settling[settles.length]?.resolve();
        settles.push(held);
        return held.promise;
      },
      close: async () => {},
    };
    const messageId = randomUUID();
    const turn = {
      userId: user.id,
      conversationId,
      action: 'ask',
      model: 'gpt-4o',
      endpoint: 'gptPlugins',
      sender: 'GPT-4o',
      reply: { messageId, parentMessageId: question.message_id, baseText: '', isEdited: false },
    } as unknown as Turn;
    const errors: unknown[] = [];
    const writer = createReplyWriter(db, partials, turn, (error) => errors.push(error));
    await writer.start();
    writer.append('Counting. ');
    const parts: ContentPart[] = [{ type: 'text', text: { value: 'Counting. ' } }, step('calculator', '42')];
    writer.saveStep(parts);
    // The save runs beside the next model call, which may start the next step before it is written.
    parts.push(step('searxng_search', null));
    await settling[0]!.promise;
    settles[0]!.resolve();
    const finished = writer.finish({ error: false, unfinished: true, finishReason: null });
    // finish waits for the step's save before its own settle: the step is written now.
    await settling[1]!.promise;
    const saved = await getMessage(db, user.id, messageId);
    expect(JSON.parse(saved!.content!)).toEqual([
      { type: 'text', text: { value: 'Counting. ' } },
      step('calculator', '42'),
    ]);
    expect(saved).toMatchObject({ text: 'Counting. ', unfinished: 1 });
    settles[1]!.resolve();
    await finished;
    expect(errors).toEqual([]);
  });
});
