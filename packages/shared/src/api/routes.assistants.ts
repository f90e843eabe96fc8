import { z } from 'zod';
import {
  assistantDocumentSchema,
  assistantListQuerySchema,
  assistantListSchema,
  assistantSchema,
  createAssistantSchema,
  deletedAssistantSchema,
  updateAssistantSchema,
} from '../assistants/assistant.schema';
import { pluginListSchema } from '../plugins/plugin-store.schema';
import { assistantAbortPayloadSchema, assistantChatPayloadSchema } from '../assistants/assistant-chat.schema';
import { chatFinalEventSchema } from '../chat/sse-events';
import type { RouteSpec } from './api-route';
import type { RouteName } from './route-paths';
import { anyone, id, messageResult, signedIn } from './route-parts';
import { actionMetadataSchema, saveActionPayloadSchema } from '../actions/action.schema';

const assistantParams = z.object({ id });
/** An action as answered: its secrets are never sent back. */
const publicActionSchema = z.object({
  action_id: z.string(),
  assistant_id: z.string(),
  metadata: actionMetadataSchema.omit({ api_key: true, oauth_client_id: true, oauth_client_secret: true }),
});
const OFF = 'The assistants endpoint is not configured (`endpoints.assistants` in the YAML file).';
const BUILDER_OFF = 'The operator turned the builder off (`disableBuilder`).';
// Lenient on purpose: the provider's navigation back is answered with a page in every case, never a JSON error.
const actionOAuthCallbackQuery = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional().describe('Set by the provider when the user declined or the request failed'),
});

/**
 * Assistants (docs/reference/assistants.md): LibreChat's paths and shapes, so its clients keep working. An assistant
 * belongs to its creator: another user's id answers 404.
 */
export const ASSISTANT_ROUTES = {
  listAssistants: signedIn('Assistants', "The user's assistants, newest first, in OpenAI's list shape", {
    query: assistantListQuerySchema,
    responses: { 200: assistantListSchema },
    errors: { 404: OFF },
    description:
      "`after` and `before` are assistant ids (paging as OpenAI lists do). The operator's `supportedIds` or " +
      '`excludedIds` filter the list.',
  }),
  createAssistant: signedIn('Assistants', 'Create an assistant', {
    body: createAssistantSchema,
    responses: { 201: assistantSchema },
    errors: {
      400: "A field over its limit, a model the endpoint does not offer, a tool that is not available, or a file that is not the user's.",
      403: BUILDER_OFF,
      404: OFF,
    },
    description:
      "`tools` takes tool objects or plugin keys; a key becomes that plugin's function. Functions of actions are " +
      'added by saving an action, never from this list.',
  }),
  listAssistantDocuments: signedIn(
    'Assistants',
    "What Parley keeps beside the user's assistants (avatar, actions)",
    {
      responses: { 200: z.array(assistantDocumentSchema) },
      errors: { 404: OFF },
    },
  ),
  listAssistantTools: signedIn('Assistants', 'The plugins an assistant may use', {
    responses: { 200: pluginListSchema },
    errors: { 404: OFF },
  }),
  assistantChat: signedIn(
    'Assistants',
    'Chat with an assistant; its run streams back as server-sent events',
    {
      body: assistantChatPayloadSchema,
      responses: {},
      produces: 'text/event-stream',
      description:
        'Streams as `POST /api/ask/{endpoint}` does (created, text, typed content parts, final or error), answered by ' +
        "the assistant's model with its instructions and tools. The final event carries the `run` and `runMessages`. " +
        "Without `X-Parley-Stream: deltas` the text comes as typed `text` content events holding the part's whole " +
        'text so far (`stream: true`). docs/reference/assistants.md describes the run.',
    },
  ),
  assistantChatModify: signedIn('Assistants', 'Edit, continue or regenerate in an assistant conversation', {
    body: assistantChatPayloadSchema,
    responses: {},
    produces: 'text/event-stream',
  }),
  assistantChatAbort: signedIn('Assistants', "Stop an assistant's run; answers its final event, or 204", {
    body: assistantAbortPayloadSchema,
    responses: { 200: chatFinalEventSchema, 204: null },
    errors: { 404: 'No run going in that conversation.' },
  }),
  listAssistantActions: signedIn('Assistants', "The user's actions, without their secrets", {
    responses: { 200: z.array(publicActionSchema) },
    errors: { 403: BUILDER_OFF, 404: OFF },
  }),
  updateAssistantAction: signedIn('Assistants', 'Create or update an action of an assistant', {
    params: z.object({ assistant_id: id }),
    body: saveActionPayloadSchema,
    responses: { 200: z.tuple([assistantDocumentSchema, assistantSchema, publicActionSchema]) },
    errors: {
      400:
        "The schema's error ('Could not find a valid URL in `servers`', 'No paths found in the OpenAPI spec.', " +
        "'Error parsing OpenAPI spec.'), missing auth fields, or a server the guard refuses.",
      403: `${BUILDER_OFF} Or the operator turned actions off.`,
      404: 'No assistant (or action) of the user with that id.',
    },
    description:
      'Answers `[document, assistant, action]`, the action third. The functions come from `metadata.raw_spec` on ' +
      "the server; the body's `functions` is not read. Secrets are stored encrypted and never answered; one left out " +
      'of an update keeps its saved value.',
  }),
  deleteAssistantAction: signedIn(
    'Assistants',
    "Delete an action and the assistant's functions of its domain",
    {
      params: z.object({ assistant_id: id, action_id: id }),
      responses: { 200: messageResult },
      errors: { 403: BUILDER_OFF, 404: 'No assistant (or action) of the user with that id.' },
    },
  ),
  uploadAssistantAvatar: signedIn('Assistants', "Set an assistant's avatar", {
    params: z.object({ assistant_id: id }),
    responses: { 201: assistantSchema },
    form: z.object({ file: z.string(), metadata: z.string().optional() }),
    errors: {
      400: "Not a PNG, JPEG, GIF or WebP image, or over the avatar size limit ('com_ui_upload_invalid').",
      403: BUILDER_OFF,
      404: 'No assistant of the user with that id.',
    },
  }),
  getAssistant: signedIn('Assistants', 'One assistant', {
    params: assistantParams,
    responses: { 200: assistantSchema },
    errors: { 404: 'No assistant of the user with that id.' },
  }),
  updateAssistant: signedIn('Assistants', 'Change an assistant', {
    params: assistantParams,
    body: updateAssistantSchema,
    responses: { 200: assistantSchema },
    errors: {
      400: 'As for create.',
      403: BUILDER_OFF,
      404: 'No assistant of the user with that id.',
    },
  }),
  deleteAssistant: signedIn('Assistants', 'Delete an assistant, its actions and its avatar', {
    params: assistantParams,
    responses: { 200: deletedAssistantSchema },
    errors: { 403: BUILDER_OFF, 404: 'No assistant of the user with that id.' },
  }),
  actionOAuthCallback: anyone('Assistants', "Where an OAuth action's provider sends the browser back", {
    params: z.object({ action_id: z.string() }),
    query: actionOAuthCallbackQuery,
    responses: { 200: z.string().describe('An HTML page saying the sign-in succeeded') },
    description:
      "LibreChat's path; the address an operator registers with the provider is DOMAIN_SERVER followed by it. " +
      'The sealed `state` names the user, the action and the run waiting in `requires_action`; the code is ' +
      'exchanged at the token URL and the tokens stored sealed, and the run goes on. Every answer is a small HTML ' +
      'page: 400 for a bad, expired or mismatched state or a refusal by the provider, 404 when the action is gone ' +
      'or the assistants endpoint is not configured, 502 when the token URL fails.',
  }),
} satisfies Partial<Record<RouteName, RouteSpec>>;
