import { z } from 'zod';
import { startupConfigSchema } from '../config/startup-config.schema';
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
import type { RouteSpec } from './api-route';
import type { RouteName } from './route-paths';
import { anyone, signedIn, id } from './route-parts';

/** The multipart form of the upload calls (the server reads it as a stream; these name its fields). */
const uploadForm = z.object({
  file: z.string().describe('The file (binary).'),
  file_id: z.string().describe('The id the client gave the file; the answer keeps it as temp_file_id.'),
  endpoint: z.string().describe('The chat endpoint the file is for; its file rules apply.'),
  width: z.string().optional(),
  height: z.string().optional(),
});

/** Operations, the start-up config, endpoints and models, files and user keys. */
export const APP_ROUTES = {
  health: anyone('Operations', 'Whether the database and Redis answer', {
    responses: { 200: healthSchema, 503: healthSchema },
    description: '503 with Retry-After while the database does not answer (database: down).',
  }),
  getConfig: anyone('Config', 'The public start-up configuration (read before sign-in)', {
    responses: { 200: startupConfigSchema },
  }),
  listEndpoints: anyone('Endpoints', 'The configured endpoints (also before sign-in)', {
    responses: { 200: endpointsConfigSchema },
    description:
      "The operator's configuration only, the same for every caller: LibreChat's client asks it before its token " +
      'refresh on a page load (docs/reference/librechat-clients.md (A page load)).',
  }),
  listModels: signedIn('Endpoints', 'The models of each endpoint', {
    responses: { 200: modelsConfigSchema },
  }),
  getEndpointsOverride: anyone(
    'Endpoints',
    'Endpoints and models in one answer (the endpoints alone before sign-in)',
    {
      responses: { 200: endpointsOverrideSchema },
      description:
        "Without an Authorization header: `{endpointsConfig}` only, as LibreChat's client asks it before its token " +
        'refresh. With one, the token must be valid (else 401) and the answer holds the models too.',
    },
  ),
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
} satisfies Partial<Record<RouteName, RouteSpec>>;
