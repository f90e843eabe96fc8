import { z } from 'zod';
import {
  authResultSchema,
  forgotPasswordSchema,
  INVITE_CODE_PATTERN,
  loginSchema,
  publicUserSchema,
  refreshQuerySchema,
  refreshResultSchema,
  registerResultSchema,
  registerSchema,
  resetPasswordSchema,
  resetRequestResultSchema,
  verifyEmailSchema,
} from '../auth/auth.schema';
import { abortPayloadSchema, askPayloadSchema, genTitlePayloadSchema } from '../chat/ask-payload.schema';
import { chatFinalEventSchema } from '../chat/sse-events';
import { startupConfigSchema } from '../config/startup-config.schema';
import {
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
import {
  endpointsConfigSchema,
  endpointsOverrideSchema,
  modelsConfigSchema,
} from '../endpoints/endpoints-config.schema';
import {
  avatarResponseSchema,
  deleteFilesPayloadSchema,
  deleteFilesResponseSchema,
  fileConfigAnswerSchema,
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
import { methodOf, pathOf, type RouteMethod, type RouteName, type RoutePath } from './route-paths';

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

// The invite check (docs/reference/accounts.md (Invite links)); here, not beside the auth schemas, so the web's
// initial JavaScript does not carry them. The answer is an object so invites can say more later.
const inviteCodeParams = z.object({ code: z.string().regex(INVITE_CODE_PATTERN) });
const inviteCheckSchema = z.object({ valid: z.literal(true) });
// The invite stats' counts (docs/reference/accounts.md (Invite links)); the cash-back amounts join them later.
const inviteStatsSchema = z.object({
  inviteCode: z.string(),
  invitedCount: z.number().int().nonnegative(),
  invited24Count: z.number().int().nonnegative(),
  secondLevelCount: z.number().int().nonnegative(),
});

/** What a call's entry gives beside its group, summary and whether it needs a signed-in user. */
type Parts = Omit<RouteSpec, 'tag' | 'summary' | 'auth'>;

/** A call only a signed-in user may make (a Bearer access token). */
function signedIn<const P extends Parts>(tag: string, summary: string, parts: P) {
  return { tag, summary, auth: true as const, ...parts };
}

/** A call anyone may make (sign-in, the public config, health). */
function anyone<const P extends Parts>(tag: string, summary: string, parts: P) {
  return { tag, summary, auth: false as const, ...parts };
}

const SPECS = {
  health: anyone('Operations', 'Whether the database and Redis answer', {
    responses: { 200: healthSchema, 503: healthSchema },
    description: '503 with Retry-After while the database does not answer (database: down).',
  }),
  getConfig: anyone('Config', 'The public start-up configuration (read before sign-in)', {
    responses: { 200: startupConfigSchema },
  }),
  register: anyone('Auth', 'Create a password account and sign in', {
    body: registerSchema,
    responses: { 201: registerResultSchema },
    description:
      'Sets the refresh cookie and answers `{token, user}`; with e-mail on, answers `{message}` instead and mails ' +
      'an activation link (the account signs in once activated). 403 REGISTRATION_DISABLED when sign-up is off; ' +
      'rate limited per IP.',
  }),
  login: anyone('Auth', 'Sign in with e-mail or username and password', {
    body: loginSchema,
    responses: { 200: authResultSchema },
    description: 'Sets the refresh cookie; rate limited per IP and per account.',
  }),
  refresh: anyone('Auth', 'A new access token from the refresh cookie (rotates the cookie)', {
    query: refreshQuerySchema,
    responses: { 200: refreshResultSchema },
    errors: {
      401: 'The cookie names no live session (unknown, revoked, expired or reused); the cookie is cleared.',
      403:
        'The cookie is not a refresh token (cleared), or it names no live session and the call has ' +
        '`?retry=true` (cleared); BANNED for a banned user (kept).',
    },
    description:
      '200 `{token, user}` with a live session; 200 `{message}` without a token when no refresh cookie was ' +
      'sent (signed out, not an error).',
  }),
  logout: anyone('Auth', 'End the session of the refresh cookie', { responses: { 200: messageResult } }),
  checkInvite: anyone('Auth', 'Whether an invite code belongs to a user', {
    params: inviteCodeParams,
    responses: { 200: inviteCheckSchema },
    errors: { 404: 'No user has this code.' },
    description:
      'Answers `{valid: true}` for a known code. A code that cannot be one (not 1 to 64 letters, digits, `-` or ' +
      '`_`) is a 400. Rate limited per IP, like sign-in.',
  }),
  requestPasswordReset: anyone('Auth', 'Ask for a password reset link', {
    body: forgotPasswordSchema,
    responses: { 200: resetRequestResultSchema },
    description:
      'The same message whether or not the address has an account; with e-mail on the link is mailed, without ' +
      'e-mail (outside production) it comes back as `link`. Rate limited per IP.',
  }),
  resetPassword: anyone('Auth', 'Set a new password from a reset link', {
    body: resetPasswordSchema,
    responses: { 200: messageResult },
    errors: { 400: 'The link is unknown, used or expired (single use, 15 minutes).' },
    description: 'Ends every session of the user. Rate limited per IP.',
  }),
  verifyEmail: anyone('Auth', 'Activate an account from its activation link', {
    body: verifyEmailSchema,
    responses: { 200: messageResult },
    errors: { 400: 'The link is unknown, used or expired (single use, 15 minutes).' },
  }),
  getUser: signedIn('Users', 'The signed-in user', { responses: { 200: publicUserSchema } }),
  getInviteStats: signedIn('Users', "The signed-in user's invite code and how many people it brought", {
    responses: { 200: inviteStatsSchema },
    description:
      'invitedCount: users who registered with this code; invited24Count: those of the last 24 hours; ' +
      'secondLevelCount: users who registered with the code of someone this user invited.',
  }),
  listEndpoints: signedIn('Endpoints', 'The endpoints the user can pick', {
    responses: { 200: endpointsConfigSchema },
  }),
  listModels: signedIn('Endpoints', 'The models of each endpoint', {
    responses: { 200: modelsConfigSchema },
  }),
  getEndpointsOverride: signedIn('Endpoints', 'Endpoints and models in one answer', {
    responses: { 200: endpointsOverrideSchema },
  }),
  saveKey: signedIn('Keys', "Save the user's own key for an endpoint (never answered back)", {
    body: updateUserKeySchema,
    responses: { 200: userKeySavedSchema, 201: userKeySavedSchema },
  }),
  getKeyExpiry: signedIn('Keys', "When the user's key for an endpoint expires ('never'; null: none stored)", {
    query: userKeyQuerySchema,
    responses: { 200: userKeyExpirySchema },
  }),
  deleteKey: signedIn('Keys', "Delete the user's key for one endpoint", {
    params: z.object({ name: id }),
    responses: { 204: null },
  }),
  deleteAllKeys: signedIn('Keys', "Delete all of the user's keys (only with all=true)", {
    query: deleteAllKeysQuerySchema,
    responses: { 204: null },
  }),
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
  listConversations: signedIn('Conversations', "A page of the user's conversations, newest first", {
    query: conversationListQuerySchema,
    responses: { 200: conversationPageSchema },
  }),
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
  listFiles: signedIn('Files', "The user's files", { responses: { 200: z.array(fileRecordSchema) } }),
  getFileConfig: signedIn('Files', 'File rules per endpoint and the size caps', {
    responses: { 200: fileConfigAnswerSchema },
  }),
  getFileUsage: signedIn('Files', "How much storage the user's files take, and the limit", {
    responses: { 200: fileUsageSchema },
  }),
  deleteFiles: signedIn('Files', 'Delete some of the user’s files', {
    body: deleteFilesPayloadSchema,
    responses: { 200: deleteFilesResponseSchema },
  }),
  downloadFile: signedIn('Files', "One of the user's files", {
    params: z.object({ file_id: id }),
    query: z.object({
      exp: z.string().max(20).optional().describe('Expiry of a signed URL (Unix seconds)'),
      sig: z.string().max(100).optional().describe('Signature of a signed URL'),
    }),
    responses: {},
    produces: 'application/octet-stream',
    errors: {
      401: 'No valid bearer token and no signature, or the signed URL has expired.',
      403: 'The signature was not made for this file (tampered, or another file).',
      404: "Not one of the signed-in user's files, or its bytes are gone.",
    },
    description:
      'With the bearer token, or without it through the signed URL that `filepath` in file, message and user ' +
      'answers is (`?exp=…&sig=…`, valid for 10 to 20 minutes).',
  }),
  uploadFile: signedIn('Files', 'Upload a file for a chat endpoint', {
    form: uploadForm,
    responses: { 201: uploadResponseSchema },
  }),
  uploadImage: signedIn('Files', 'Upload an image for a chat endpoint (checked and measured)', {
    form: uploadForm,
    responses: { 201: uploadResponseSchema },
  }),
  uploadAvatar: signedIn('Files', "Replace the user's avatar", {
    form: z.object({ input: z.string().describe('The image (binary).') }),
    responses: { 200: avatarResponseSchema },
  }),
} satisfies Record<RouteName, RouteSpec>;

type Specs = typeof SPECS;

/** Every call of the API: method, path and contract. The server registers its routes from this table. */
export type Routes = {
  [N in RouteName]: Specs[N] & { method: RouteMethod<N>; path: RoutePath<N> };
};

export const ROUTES = Object.fromEntries(
  Object.entries(SPECS).map(([name, spec]) => {
    const method = methodOf(name as RouteName);
    const path = pathOf(name as RouteName);
    return [name, { ...spec, method, path } satisfies ApiRoute];
  }),
) as Routes;
