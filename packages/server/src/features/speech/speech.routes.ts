import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { STT_MAX_BYTES } from '@parley/shared';
import type { AppPluginOptions } from '../../app-services';
import { readSpeechSettings } from '../../config/speech-settings';
import { addRoute } from '../../lib/api-routes';
import { AppError } from '../../lib/app-error';
import { requireAuth } from '../auth/auth.guard';
import * as speech from './speech.service';
import type { Recording } from './speech.service';

/** An abort for the call upstream when the client goes away (a stopped read aloud). */
function clientGone(request: FastifyRequest): AbortSignal {
  const controller = new AbortController();
  request.raw.once('close', () => controller.abort());
  return controller.signal;
}

const tooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', `audio: the recording is over ${STT_MAX_BYTES / 1024 / 1024} MB`, {
    field: 'audio',
  });

/** The form's `audio` file, whole in memory (it is capped), and the `language` field sent before it. */
async function readRecording(request: FastifyRequest): Promise<Recording> {
  const missing = () =>
    new AppError('VALIDATION', 'audio: send the recording as a multipart form with an `audio` file', {
      field: 'audio',
    });
  if (!request.isMultipart()) throw missing();
  const part = await request.file({ limits: { fileSize: STT_MAX_BYTES } });
  if (!part || part.fieldname !== 'audio') {
    part?.file.resume();
    throw missing();
  }
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  const field = part.fields.language;
  const language = field && 'value' in field ? String(field.value) : undefined;
  return {
    bytes,
    filename: part.filename,
    mimetype: part.mimetype,
    ...(language && /^[a-z]{2,3}$/.test(language) ? { language } : {}),
  };
}

/**
 * Server-side speech (docs/reference/speech.md (Server-side speech)): LibreChat's `/api/files/speech` calls, served
 * by the OpenAI-compatible services the operator names in librechat.yaml.
 */
export const speechRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  const settings = readSpeechSettings(deps.config.yaml);
  await app.register(multipart, { limits: { files: 1, fields: 4, fieldSize: 100, parts: 6 } });
  app.addHook('preValidation', requireAuth(deps, services));

  addRoute(app, 'getSpeechConfig', { handler: async () => speech.speechConfig(settings) });
  addRoute(app, 'listSpeechVoices', { handler: async () => [...speech.listVoices(settings)] });

  addRoute(app, 'textToSpeech', {
    handler: async (request, reply) => {
      const audio = await speech.textToSpeech(settings, request.body, clientGone(request));
      return reply
        .header('content-type', audio.contentType)
        .header('cache-control', 'no-store')
        .send(audio.body);
    },
  });

  addRoute(app, 'speechToText', {
    handler: async (request) => {
      // Unconfigured is said before the recording is read.
      speech.requireStt(settings);
      return speech.speechToText(settings, await readRecording(request), clientGone(request));
    },
  });
};
