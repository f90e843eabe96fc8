import { describe, expect, it } from 'vitest';
import { askPayloadSchema } from '../chat/ask-payload.schema';
import { conversationSchema } from '../conversations/conversation.schema';
import { messageSchema } from '../conversations/message.schema';
import { presetPayloadSchema } from '../conversations/preset-payload.schema';
import { presetSchema } from '../conversations/preset.schema';
import { publicUserSchema } from '../auth/auth.schema';

const at = '2024-01-01T00:00:00.000Z';
const conversation = {
  conversationId: 'c1',
  title: 'New Chat',
  user: 'u1',
  endpoint: 'openAI',
  createdAt: at,
  updatedAt: at,
};
const message = {
  messageId: 'm1',
  conversationId: 'c1',
  parentMessageId: 'p1',
  sender: 'User',
  text: 'hi',
  isCreatedByUser: true,
  error: false,
  unfinished: false,
  createdAt: at,
  updatedAt: at,
};
const preset = { ...conversation, presetId: 'p1', title: 'Preset', defaultPreset: false };

describe('answer schemas: absent, never null', () => {
  it('accept an entity with its optional fields left out', () => {
    expect(conversationSchema.safeParse(conversation).success).toBe(true);
    expect(messageSchema.safeParse(message).success).toBe(true);
    expect(presetSchema.safeParse(preset).success).toBe(true);
  });

  it('refuse null for an optional field', () => {
    for (const field of ['endpointType', 'temperature', 'top_p', 'iconURL', 'chatGptLabel', 'model']) {
      expect(conversationSchema.safeParse({ ...conversation, [field]: null }).success, field).toBe(false);
      expect(presetSchema.safeParse({ ...preset, [field]: null }).success, field).toBe(false);
    }
    for (const field of ['finish_reason', 'thread_id', 'tokenCount', 'model', 'endpoint', 'content']) {
      expect(messageSchema.safeParse({ ...message, [field]: null }).success, field).toBe(false);
    }
    expect(presetSchema.safeParse({ ...preset, order: null }).success).toBe(false);
    const user = {
      id: 'u1',
      name: 'Ada',
      role: 'USER',
      provider: 'local',
      plugins: [],
      inviteCode: '',
      emailVerified: false,
      hasPassword: true,
      createdAt: at,
      updatedAt: at,
    };
    expect(publicUserSchema.safeParse(user).success).toBe(true);
    expect(publicUserSchema.safeParse({ ...user, avatar: null }).success).toBe(false);
  });

  it('payloads keep accepting the nulls clients send', () => {
    const nulls = {
      chatGptLabel: null,
      promptPrefix: null,
      endpointType: null,
      iconURL: null,
      temperature: null,
    };
    expect(presetPayloadSchema.safeParse({ title: 'T', endpoint: 'openAI', ...nulls }).success).toBe(true);
    expect(
      askPayloadSchema.safeParse({ text: 'hi', parentMessageId: 'p1', conversationId: null, ...nulls })
        .success,
    ).toBe(true);
  });
});
