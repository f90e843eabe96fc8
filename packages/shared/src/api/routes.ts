import { z } from 'zod';
import {
  authResultSchema,
  loginSchema,
  publicUserSchema,
  refreshQuerySchema,
  registerSchema,
} from '../auth/auth.schema';
import { abortPayloadSchema, askPayloadSchema, genTitlePayloadSchema } from '../chat/ask-payload.schema';
import { chatFinalEventSchema } from '../chat/sse-events';
import { startupConfigSchema } from '../config/startup-config.schema';
import {
  clearConversationsResultSchema,
  clearConversationsSchema,
  conversationListQuerySchema,
  renameConversationSchema,
  searchPageSchema,
  searchQuerySchema,
  tokenizerRequestSchema,
  tokenizerResponseSchema,
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
import {
  endpointsConfigSchema,
  endpointsOverrideSchema,
  modelsConfigSchema,
} from '../endpoints/endpoints-config.schema';
import {
  avatarResponseSchema,
  deleteFilesPayloadSchema,
  deleteFilesResponseSchema,
  fileConfigSchema,
  fileRecordSchema,
  fileUsageSchema,
  uploadResponseSchema,
} from '../files/file.schema';
import { healthSchema } from '../health/health.schema';
import {
  deleteAllKeysQuerySchema,
  updateUserKeySchema,
  userKeyExpirySchema,
  userKeyQuerySchema,
  userKeySavedSchema,
} from '../keys/keys.schema';
import type { ApiRoute, RouteSpec } from './api-route';
import { ROUTE_PATHS, type RouteName } from './route-paths';

const id = z.string().min(1);
const conversationParams = z.object({ conversationId: id });
const endpointParams = z.object({ endpoint: id });
const messageResult = z.object({ message: z.string() });

/** The multipart form of the upload calls (the server reads it as a stream; these name its fields). */
const uploadForm = z.object({
  file: z.string().describe('The file (binary).'),
  file_id: z.string().describe('The id the client gave the file; the answer keeps it as temp_file_id.'),
  endpoint: z.string().describe('The chat endpoint the file is for; its file rules apply.'),
  width: z.string().optional(),
  height: z.string().optional(),
});

const SPECS = {
  health: {
    summary: 'Whether the database and Redis answer',
    tag: 'Operations',
    auth: false,
    responses: { 200: healthSchema, 503: healthSchema },
    description: '503 with Retry-After while the database does not answer (database: down).',
  },
  getConfig: {
    summary: 'The public start-up configuration (read before sign-in)',
    tag: 'Config',
    auth: false,
    responses: { 200: startupConfigSchema },
  },
  register: {
    summary: 'Create a password account and sign in',
    tag: 'Auth',
    auth: false,
    body: registerSchema,
    responses: { 201: authResultSchema },
    description:
      'Sets the refresh cookie. 403 REGISTRATION_DISABLED when sign-up is off; rate limited per IP.',
  },
  login: {
    summary: 'Sign in with e-mail or username and password',
    tag: 'Auth',
    auth: false,
    body: loginSchema,
    responses: { 200: authResultSchema },
    description: 'Sets the refresh cookie; rate limited per IP and per account.',
  },
  refresh: {
    summary: 'A new access token from the refresh cookie (rotates the cookie)',
    tag: 'Auth',
    auth: false,
    query: refreshQuerySchema,
    responses: { 200: authResultSchema },
  },
  logout: {
    summary: 'End the session of the refresh cookie',
    tag: 'Auth',
    auth: false,
    responses: { 200: messageResult },
  },
  getUser: { summary: 'The signed-in user', tag: 'Users', auth: true, responses: { 200: publicUserSchema } },
  listEndpoints: {
    summary: 'The endpoints the user can pick',
    tag: 'Endpoints',
    auth: true,
    responses: { 200: endpointsConfigSchema },
  },
  listModels: {
    summary: 'The models of each endpoint',
    tag: 'Endpoints',
    auth: true,
    responses: { 200: modelsConfigSchema },
  },
  getEndpointsOverride: {
    summary: 'Endpoints and models in one answer',
    tag: 'Endpoints',
    auth: true,
    responses: { 200: endpointsOverrideSchema },
  },
  saveKey: {
    summary: "Save the user's own key for an endpoint (never answered back)",
    tag: 'Keys',
    auth: true,
    body: updateUserKeySchema,
    responses: { 200: userKeySavedSchema, 201: userKeySavedSchema },
  },
  getKeyExpiry: {
    summary: "When the user's key for an endpoint expires (404 when none is stored)",
    tag: 'Keys',
    auth: true,
    query: userKeyQuerySchema,
    responses: { 200: userKeyExpirySchema },
  },
  deleteKey: {
    summary: "Delete the user's key for one endpoint",
    tag: 'Keys',
    auth: true,
    params: z.object({ name: id }),
    responses: { 204: null },
  },
  deleteAllKeys: {
    summary: "Delete all of the user's keys (only with all=true)",
    tag: 'Keys',
    auth: true,
    query: deleteAllKeysQuerySchema,
    responses: { 204: null },
  },
  listPresets: {
    summary: "The user's presets",
    tag: 'Presets',
    auth: true,
    responses: { 200: z.array(presetSchema) },
  },
  savePreset: {
    summary: 'Save a preset (new or updated); answers the whole list',
    tag: 'Presets',
    auth: true,
    body: savePresetRequestSchema,
    bodyName: 'preset',
    responses: { 200: z.array(presetSchema), 201: z.array(presetSchema) },
  },
  deletePresets: {
    summary: 'Delete one preset, or all with an empty arg',
    tag: 'Presets',
    auth: true,
    body: deletePresetsRequestSchema,
    responses: { 200: deletePresetsResultSchema },
  },
  listConversations: {
    summary: "A page of the user's conversations, newest first",
    tag: 'Conversations',
    auth: true,
    query: conversationListQuerySchema,
    responses: { 200: conversationPageSchema },
  },
  getConversation: {
    summary: 'One conversation',
    tag: 'Conversations',
    auth: true,
    params: conversationParams,
    responses: { 200: conversationSchema },
  },
  renameConversation: {
    summary: 'Rename a conversation',
    tag: 'Conversations',
    auth: true,
    body: renameConversationSchema,
    responses: { 200: conversationSchema },
  },
  clearConversations: {
    summary: 'Delete one conversation, or all of them with an empty arg',
    tag: 'Conversations',
    auth: true,
    body: clearConversationsSchema,
    responses: { 200: clearConversationsResultSchema },
  },
  generateTitle: {
    summary: "A conversation's title, waiting briefly while it is still being written",
    tag: 'Conversations',
    auth: true,
    body: genTitlePayloadSchema,
    responses: { 200: z.object({ title: z.string() }) },
  },
  listMessages: {
    summary: "A conversation's messages, every branch",
    tag: 'Messages',
    auth: true,
    params: conversationParams,
    responses: { 200: z.array(messageSchema) },
  },
  updateMessage: {
    summary: "Edit a message's text in place",
    tag: 'Messages',
    auth: true,
    params: conversationParams.extend({ messageId: id }),
    body: updateMessageSchema,
    responses: { 200: messageSchema },
  },
  search: {
    summary: "Search the user's titles and messages",
    tag: 'Search',
    auth: true,
    query: searchQuerySchema,
    responses: { 200: searchPageSchema },
  },
  searchEnabled: {
    summary: 'Whether search is on',
    tag: 'Search',
    auth: true,
    responses: { 200: z.boolean() },
  },
  countTokens: {
    summary: 'Count the tokens of a text',
    tag: 'Chat',
    auth: true,
    body: tokenizerRequestSchema,
    responses: { 200: tokenizerResponseSchema },
  },
  ask: {
    summary: 'Send a message; the reply streams back as server-sent events',
    tag: 'Chat',
    auth: true,
    params: endpointParams,
    body: askPayloadSchema,
    responses: {},
    produces: 'text/event-stream',
    description:
      'Events: created (the saved question), text deltas, final (conversation, request and response messages), ' +
      'or an error event. docs/decisions.md describes the frame format.',
  },
  edit: {
    summary: 'Send an edited message (a new branch); streams like ask',
    tag: 'Chat',
    auth: true,
    params: endpointParams,
    body: askPayloadSchema,
    responses: {},
    produces: 'text/event-stream',
  },
  abort: {
    summary: 'Stop a reply; answers its final event, or 204 when nothing was running',
    tag: 'Chat',
    auth: true,
    params: endpointParams,
    body: abortPayloadSchema,
    responses: { 200: chatFinalEventSchema, 204: null },
  },
  resumeStream: {
    summary: "Follow a conversation's running reply (from Last-Event-ID or ?after)",
    tag: 'Chat',
    auth: true,
    params: conversationParams,
    query: z.object({ after: id.optional() }),
    responses: {},
    produces: 'text/event-stream',
  },
  listFiles: {
    summary: "The user's files",
    tag: 'Files',
    auth: true,
    responses: { 200: z.array(fileRecordSchema) },
  },
  getFileConfig: {
    summary: 'File rules per endpoint and the size caps',
    tag: 'Files',
    auth: true,
    responses: { 200: fileConfigSchema },
  },
  getFileUsage: {
    summary: "How much storage the user's files take, and the limit",
    tag: 'Files',
    auth: true,
    responses: { 200: fileUsageSchema },
  },
  deleteFiles: {
    summary: 'Delete some of the user’s files',
    tag: 'Files',
    auth: true,
    body: deleteFilesPayloadSchema,
    responses: { 200: deleteFilesResponseSchema },
  },
  downloadFile: {
    summary: "One of the user's files",
    tag: 'Files',
    auth: true,
    params: z.object({ file_id: id }),
    responses: {},
    produces: 'application/octet-stream',
  },
  uploadFile: {
    summary: 'Upload a file for a chat endpoint',
    tag: 'Files',
    auth: true,
    form: uploadForm,
    responses: { 201: uploadResponseSchema },
  },
  uploadImage: {
    summary: 'Upload an image for a chat endpoint (checked and measured)',
    tag: 'Files',
    auth: true,
    form: uploadForm,
    responses: { 201: uploadResponseSchema },
  },
  uploadAvatar: {
    summary: "Replace the user's avatar",
    tag: 'Files',
    auth: true,
    form: z.object({ input: z.string().describe('The image (binary).') }),
    responses: { 200: avatarResponseSchema },
  },
} as const satisfies Record<RouteName, RouteSpec>;

type Specs = typeof SPECS;

/** Every call of the API: method, path and contract. The server registers its routes from this table. */
export type Routes = {
  [N in RouteName]: Specs[N] & { method: (typeof ROUTE_PATHS)[N][0]; path: (typeof ROUTE_PATHS)[N][1] };
};

export const ROUTES = Object.fromEntries(
  Object.entries(SPECS).map(([name, spec]) => {
    const [method, path] = ROUTE_PATHS[name as RouteName];
    return [name, { ...spec, method, path } satisfies ApiRoute];
  }),
) as Routes;
