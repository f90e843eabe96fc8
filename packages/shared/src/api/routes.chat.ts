import { z } from 'zod';
import { abortPayloadSchema, askPayloadSchema, genTitlePayloadSchema } from '../chat/ask-payload.schema';
import { chatFinalEventSchema } from '../chat/sse-events';
import {
  archiveConversationSchema,
  clearConversationsResultSchema,
  clearConversationsSchema,
  conversationListQuerySchema,
  searchPageSchema,
  searchQuerySchema,
  tokenizerRequestSchema,
  tokenizerResponseSchema,
  updateConversationSchema,
  updateMessageSchema,
} from '../conversations/conversation-api.schema';
import { conversationPageSchema, conversationSchema } from '../conversations/conversation.schema';
import { messageSchema } from '../conversations/message.schema';
import {
  deletePresetsRequestSchema,
  deletePresetsResultSchema,
  savePresetRequestSchema,
} from '../conversations/preset-payload.schema';
import { presetSchema } from '../conversations/preset.schema';
import type { RouteSpec } from './api-route';
import type { RouteName } from './route-paths';
import { signedIn, id, conversationParams, endpointParams } from './route-parts';

/** Chat: sending and streaming, conversations, messages, presets and search. */
export const CHAT_ROUTES = {
  listPresets: signedIn('Presets', "The user's presets", { responses: { 200: z.array(presetSchema) } }),
  savePreset: signedIn('Presets', 'Save a preset (new or updated); answers the whole list', {
    body: savePresetRequestSchema,
    bodyName: 'preset',
    responses: { 200: z.array(presetSchema), 201: z.array(presetSchema) },
  }),
  deletePresets: signedIn('Presets', 'Delete one preset, or all with an empty arg', {
    body: deletePresetsRequestSchema,
    responses: { 200: deletePresetsResultSchema },
  }),
  listConversations: signedIn(
    'Conversations',
    "A page of the user's conversations (or archived ones), newest first",
    {
      query: conversationListQuerySchema,
      responses: { 200: conversationPageSchema },
    },
  ),
  getConversation: signedIn('Conversations', 'One conversation', {
    params: conversationParams,
    responses: { 200: conversationSchema },
  }),
  renameConversation: signedIn('Conversations', 'Rename a conversation, or update its settings', {
    body: updateConversationSchema,
    responses: { 200: conversationSchema },
  }),
  clearConversations: signedIn('Conversations', 'Delete one conversation, or all of them with an empty arg', {
    body: clearConversationsSchema,
    responses: { 200: clearConversationsResultSchema },
  }),
  archiveConversation: signedIn('Conversations', 'Archive a conversation, or restore an archived one', {
    body: archiveConversationSchema,
    responses: { 200: conversationSchema },
  }),
  generateTitle: signedIn(
    'Conversations',
    "A conversation's title, waiting briefly while it is still being written",
    { body: genTitlePayloadSchema, responses: { 200: z.object({ title: z.string() }) } },
  ),
  listMessages: signedIn('Messages', "A conversation's messages, every branch", {
    params: conversationParams,
    responses: { 200: z.array(messageSchema) },
  }),
  updateMessage: signedIn('Messages', "Edit a message's text in place", {
    params: conversationParams.extend({ messageId: id }),
    body: updateMessageSchema,
    responses: { 200: messageSchema },
  }),
  search: signedIn('Search', "Search the user's titles and messages", {
    query: searchQuerySchema,
    responses: { 200: searchPageSchema },
  }),
  searchEnabled: signedIn('Search', 'Whether search is on', { responses: { 200: z.boolean() } }),
  countTokens: signedIn('Chat', 'Count the tokens of a text', {
    body: tokenizerRequestSchema,
    responses: { 200: tokenizerResponseSchema },
  }),
  ask: signedIn('Chat', 'Send a message; the reply streams back as server-sent events', {
    params: endpointParams,
    body: askPayloadSchema,
    responses: {},
    produces: 'text/event-stream',
    description:
      'Events: created (the saved question), text frames, final (conversation, request and response messages), ' +
      'or an error event shaped as the error reply. With the request header `X-Parley-Stream: deltas` the text ' +
      'frames are deltas and a refused send is a 4xx JSON answer; without it each text frame is the whole text so ' +
      'far (`message: true`) and a refused send is a 200 stream holding the error event. `overrideParentMessageId` ' +
      'answers a saved question again. docs/reference/chat.md describes both.',
  }),
  edit: signedIn('Chat', 'Send an edited message, a continue or a regenerate; streams like ask', {
    params: endpointParams,
    body: askPayloadSchema,
    responses: {},
    produces: 'text/event-stream',
  }),
  abort: signedIn('Chat', 'Stop a reply; answers its final event, or 204 when nothing was running', {
    params: endpointParams,
    body: abortPayloadSchema,
    responses: { 200: chatFinalEventSchema, 204: null },
  }),
  abortEdit: signedIn('Chat', 'Stop a reply, at the edit path: the same as the ask path', {
    params: endpointParams,
    body: abortPayloadSchema,
    responses: { 200: chatFinalEventSchema, 204: null },
  }),
  resumeStream: signedIn('Chat', "Follow a conversation's running reply (from Last-Event-ID or ?after)", {
    params: conversationParams,
    query: z.object({ after: id.optional() }),
    responses: {},
    produces: 'text/event-stream',
  }),
  syncFeed: signedIn('Chat', "The user's replies starting and ending, to follow from another window", {
    responses: {},
    produces: 'text/event-stream',
  }),
} satisfies Partial<Record<RouteName, RouteSpec>>;
