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
import type { RouteSpec } from './api-route';
import type { RouteName } from './route-paths';
import { id, signedIn } from './route-parts';

const assistantParams = z.object({ id });
const OFF = 'The assistants endpoint is not configured (`endpoints.assistants` in the YAML file).';
const BUILDER_OFF = 'The operator turned the builder off (`disableBuilder`).';

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
} satisfies Partial<Record<RouteName, RouteSpec>>;
