import { NIL_UUID, type ChatFinalEvent, type Message } from '@parley/shared';

/** Test data shared by the stream tests. */
export function testMessage(messageId: string, patch: Partial<Message> = {}): Message {
  return {
    messageId,
    conversationId: 'c1',
    parentMessageId: NIL_UUID,
    sender: 'User',
    text: '',
    isCreatedByUser: false,
    error: false,
    unfinished: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...patch,
  };
}

export function testFinal(reply: Partial<Message> = {}): ChatFinalEvent {
  return {
    final: true,
    conversation: {
      conversationId: 'c1',
      title: 'New Chat',
      user: 'me',
      endpoint: 'openAI',
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T00:00:00.000Z',
    },
    requestMessage: testMessage('u1', { isCreatedByUser: true, text: 'Hi' }),
    responseMessage: testMessage('r1', { parentMessageId: 'u1', text: 'Hello', ...reply }),
  };
}
