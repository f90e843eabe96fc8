import { z } from 'zod';
import {
  speechConfigSchema,
  speechToTextResultSchema,
  STT_MAX_BYTES,
  textToSpeechSchema,
  TTS_MAX_CHARS,
} from '../speech/speech.schema';
import type { RouteSpec } from './api-route';
import type { RouteName } from './route-paths';
import { signedIn } from './route-parts';

const notConfigured =
  'The operator has not configured this service (the `speech:` section of librechat.yaml).';
const upstream = 'The speech service failed, refused the call or did not answer in time.';

/** Server-side speech (docs/reference/speech.md (Server-side speech)), when the operator configures it. */
export const SPEECH_ROUTES = {
  getSpeechConfig: signedIn('Speech', 'Whether the server reads aloud and transcribes itself', {
    responses: { 200: speechConfigSchema },
  }),
  listSpeechVoices: signedIn('Speech', 'The voices the operator offers for reading aloud', {
    responses: { 200: z.array(z.string()) },
    errors: { 404: notConfigured },
  }),
  textToSpeech: signedIn('Speech', 'Read a text aloud: the answer is the audio', {
    body: textToSpeechSchema,
    responses: {},
    produces: 'application/octet-stream',
    errors: {
      400: `An empty \`input\`, one over ${TTS_MAX_CHARS} characters, or a \`voice\` the operator does not offer.`,
      404: notConfigured,
      502: upstream,
    },
    description:
      "The operator's OpenAI-compatible `/audio/speech` answers the audio (its content type is passed on, " +
      'usually audio/mpeg).',
  }),
  speechToText: signedIn('Speech', 'Transcribe a recording', {
    form: z.object({ audio: z.string().describe('The recording (binary), such as audio/webm.') }),
    responses: { 200: speechToTextResultSchema },
    errors: {
      400: 'No `audio` file in the form.',
      404: notConfigured,
      413: `A recording over ${STT_MAX_BYTES / 1024 / 1024} MB.`,
      502: upstream,
    },
  }),
} satisfies Partial<Record<RouteName, RouteSpec>>;
