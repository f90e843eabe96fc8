import { describe, expect, it } from 'vitest';
import { assistantChatPayloadSchema, NIL_UUID, routeUrl } from '@parley/shared';
import {
  askSubmission,
  continueSubmission,
  editUserSubmission,
  regenerateSubmission,
  type SubmissionContext,
} from './submission';
import { testMessage } from './stream.test-helpers';

const msg = testMessage;

const user = msg('u1', { isCreatedByUser: true, text: 'Question' });
const ai = msg('a1', { parentMessageId: 'u1', sender: 'GPT-4', text: 'Answer' });

const ctx = (patch: Partial<SubmissionContext> = {}): SubmissionContext => ({
  conversationId: 'c1',
  setup: { endpoint: 'openAI', model: 'gpt-4', temperature: 0.5 },
  messages: [user, ai],
  requestId: 'r1',
  sender: 'ChatGPT',
  ...patch,
});

describe('askSubmission', () => {
  it('posts to /api/ask/{endpoint} with the options, ids and parent, and shows the user message and placeholder', () => {
    const s = askSubmission(ctx(), 'Hello', 'a1');
    expect([s.route, s.endpoint]).toEqual(['ask', 'openAI']);
    expect(s.payload).toEqual({
      model: 'gpt-4',
      temperature: 0.5,
      text: 'Hello',
      parentMessageId: 'a1',
      conversationId: 'c1',
      messageId: 'r1',
      responseMessageId: 'r1_',
    });
    expect(s.messages.map((m) => m.messageId)).toEqual(['u1', 'a1', 'r1', 'r1_']);
    expect(s.messages[2]).toMatchObject({ isCreatedByUser: true, text: 'Hello', parentMessageId: 'a1' });
    expect(s.messages[3]).toMatchObject({
      isCreatedByUser: false,
      text: '',
      parentMessageId: 'r1',
      sender: 'ChatGPT',
    });
    expect(s).toMatchObject({ replyId: 'r1_', userMessageId: 'r1', conversationId: 'c1' });
  });

  it("in a 'new' conversation: history reset, root parent, conversationId null", () => {
    const s = askSubmission(ctx({ conversationId: 'new' }), 'Hi', 'a1');
    expect(s.payload).toMatchObject({ parentMessageId: NIL_UUID, conversationId: null });
    expect(s.messages.map((m) => m.messageId)).toEqual(['r1', 'r1_']);
  });

  it('carries the uploaded files in the payload and on the user message shown at once', () => {
    const files = [
      { file_id: 'f1', filepath: '/api/files/download/f1', type: 'image/png', width: 64, height: 48 },
    ];
    const s = askSubmission(ctx(), 'Look', 'a1', files);
    expect(s.payload.files).toEqual(files);
    expect(s.messages[2]!.files).toEqual(files);
    expect(askSubmission(ctx(), 'Hi', 'a1').payload).not.toHaveProperty('files');
  });

  it('encodes a custom endpoint name in the path', () => {
    const s = askSubmission(ctx({ setup: { endpoint: 'My Mirror' } }), 'x', NIL_UUID);
    expect(routeUrl(s.route, { endpoint: s.endpoint })).toBe('/api/ask/My%20Mirror');
  });
});

describe('editUserSubmission', () => {
  it('posts to the edit path; the new user message is a sibling of the edited one', () => {
    const s = editUserSubmission(ctx(), user, 'Better question');
    expect([s.route, s.endpoint]).toEqual(['edit', 'openAI']);
    expect(s.payload).toMatchObject({
      text: 'Better question',
      parentMessageId: NIL_UUID,
      conversationId: 'c1',
      messageId: 'r1',
      responseMessageId: 'r1_',
      isEdited: true,
      editedMessageId: 'u1',
      editedText: 'Better question',
    });
    expect(s.messages.map((m) => [m.messageId, m.parentMessageId])).toEqual([
      ['u1', NIL_UUID],
      ['a1', 'u1'],
      ['r1', NIL_UUID],
      ['r1_', 'r1'],
    ]);
    expect(s.payload).not.toHaveProperty('files');
  });

  it("keeps the edited message's files, in the payload and on the new message shown", () => {
    const files = [
      { file_id: 'f1', filepath: '/api/files/download/f1', type: 'image/png', width: 8, height: 8 },
    ];
    const s = editUserSubmission(ctx(), { ...user, files }, 'What is in this picture?');
    expect(s.payload.files).toEqual(files);
    expect(s.messages.find((m) => m.messageId === 'r1')!.files).toEqual(files);
  });
});

describe('regenerateSubmission', () => {
  it('resends the parent user message with isRegenerate; a new placeholder under it', () => {
    const s = regenerateSubmission(ctx(), ai)!;
    expect([s.route, s.endpoint]).toEqual(['edit', 'openAI']);
    expect(s.payload).toMatchObject({
      text: 'Question',
      parentMessageId: 'u1',
      isRegenerate: true,
      responseMessageId: 'r1_',
      conversationId: 'c1',
    });
    expect(s.messages.at(-1)).toMatchObject({ messageId: 'r1_', parentMessageId: 'u1', sender: 'ChatGPT' });
    expect(s).toMatchObject({ replyId: 'r1_', userMessageId: 'u1', sender: 'GPT-4' });
  });

  it('is impossible without the parent message', () => {
    expect(regenerateSubmission(ctx({ messages: [ai] }), ai)).toBeNull();
  });
});

describe('continueSubmission', () => {
  it('a reply that failed mid-stream is continued from its partial text, no longer shown as errored', () => {
    const failed = {
      ...ai,
      text: 'Part',
      error: true,
      unfinished: true,
      errorText: '{"type":"upstream_error"}',
    };
    const s = continueSubmission(ctx({ messages: [user, failed] }), failed);
    expect(s.messages[1]).toEqual({ ...ai, text: 'Part', error: false, unfinished: true });
  });

  it('resubmits the AI message as continued; the stream writes into it', () => {
    const s = continueSubmission(ctx(), ai);
    expect([s.route, s.endpoint]).toEqual(['edit', 'openAI']);
    expect(s.payload).toMatchObject({
      text: '',
      parentMessageId: 'u1',
      isContinued: true,
      responseMessageId: 'a1',
    });
    expect(s.payload.isEdited).toBeUndefined();
    expect(s.messages).toEqual([user, ai]);
    expect(s).toMatchObject({ replyId: 'a1', userMessageId: 'u1' });
  });

  it('an AI message edited and resubmitted: its text becomes the edit, then it is continued', () => {
    const s = continueSubmission(ctx(), ai, 'Edited start');
    expect(s.payload).toMatchObject({
      isContinued: true,
      isEdited: true,
      editedMessageId: 'a1',
      editedText: 'Edited start',
    });
    expect(s.messages[1]!.text).toBe('Edited start');
  });
});

describe('a chat with an assistant (docs/reference/assistants.md (Chatting with an assistant))', () => {
  const assistantSetup = {
    endpoint: 'assistants',
    model: 'gpt-4',
    assistant_id: 'asst_1',
    thread_id: 'thread_1',
    instructions: 'Be brief.',
  };
  const onAssistant = (patch: Partial<SubmissionContext> = {}) => ctx({ setup: assistantSetup, ...patch });

  it('a send goes to /api/assistants/chat with the assistant and the thread, and its options', () => {
    const s = askSubmission(onAssistant(), 'Hello', 'a1');
    expect([s.route, s.endpoint]).toEqual(['assistantChat', 'assistants']);
    expect(routeUrl(s.route, {})).toBe('/api/assistants/chat');
    expect(s.payload).toEqual({
      model: 'gpt-4',
      instructions: 'Be brief.',
      assistant_id: 'asst_1',
      thread_id: 'thread_1',
      text: 'Hello',
      parentMessageId: 'a1',
      conversationId: 'c1',
      messageId: 'r1',
      responseMessageId: 'r1_',
    });
    // The payload is the server's: it parses.
    expect(assistantChatPayloadSchema.safeParse(s.payload).success).toBe(true);
  });

  it('a new conversation names the assistant but no thread: its first reply starts one', () => {
    const s = askSubmission(onAssistant({ conversationId: 'new' }), 'Hi', 'a1');
    expect(s.route).toBe('assistantChat');
    expect(s.payload).toMatchObject({
      assistant_id: 'asst_1',
      conversationId: null,
      parentMessageId: NIL_UUID,
    });
    expect(s.payload).not.toHaveProperty('thread_id');
    const noThread = askSubmission(
      onAssistant({ setup: { ...assistantSetup, thread_id: null } }),
      'Hi',
      'a1',
    );
    expect(noThread.payload).not.toHaveProperty('thread_id');
  });

  it('edits, regenerates and continues go to /api/assistants/chat/modify in the edit forms', () => {
    const edited = editUserSubmission(onAssistant(), user, 'Better question');
    expect(edited.route).toBe('assistantChatModify');
    expect(routeUrl(edited.route, {})).toBe('/api/assistants/chat/modify');
    expect(edited.payload).toMatchObject({
      assistant_id: 'asst_1',
      thread_id: 'thread_1',
      isEdited: true,
      editedMessageId: 'u1',
      editedText: 'Better question',
      parentMessageId: NIL_UUID,
    });
    const again = regenerateSubmission(onAssistant(), ai)!;
    expect(again.route).toBe('assistantChatModify');
    expect(again.payload).toMatchObject({
      assistant_id: 'asst_1',
      isRegenerate: true,
      parentMessageId: 'u1',
    });
    const more = continueSubmission(onAssistant(), ai);
    expect(more.route).toBe('assistantChatModify');
    expect(more.payload).toMatchObject({
      assistant_id: 'asst_1',
      isContinued: true,
      responseMessageId: 'a1',
    });
    for (const s of [edited, again, more])
      expect(assistantChatPayloadSchema.safeParse(s.payload).success).toBe(true);
  });

  it('without an assistant chosen, or on another endpoint, the ask path is kept', () => {
    const none = askSubmission(onAssistant({ setup: { ...assistantSetup, assistant_id: null } }), 'Hi', 'a1');
    expect([none.route, none.endpoint]).toEqual(['ask', 'assistants']);
    const other = askSubmission(ctx({ setup: { endpoint: 'openAI', assistant_id: 'asst_1' } }), 'Hi', 'a1');
    expect(other.route).toBe('ask');
  });
});
