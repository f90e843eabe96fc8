import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { SpeechConfig, SpeechToTextResult, TextToSpeechPayload } from '@parley/shared';
import type { SpeechService, SpeechSettings } from '../../config/speech-settings';
import { AppError } from '../../lib/app-error';

/** How long the speech service may take to start answering (a long reply's audio, a minute's recording). */
export const SPEECH_TIMEOUT_MS = 60_000;

// The operator's speech services are called with the plain fetch: their URLs come from the operator's file, and a
// local Whisper or TTS server on the operator's own network must stay reachable. Nothing a user sends chooses where
// the call goes (docs/reference/speech.md (Server-side speech)).

/** LibreChat's answer: whether each direction is served here. */
export function speechConfig(settings: SpeechSettings): SpeechConfig {
  return { sttExternal: settings.stt !== null, ttsExternal: settings.tts !== null };
}

function configured<T>(service: T | null, what: string): T {
  if (service === null) {
    throw new AppError('NOT_FOUND', `${what} is not configured on this server (librechat.yaml \`speech:\`).`);
  }
  return service;
}

/** Throws the 404 when dictation is not served here. */
export function requireStt(settings: SpeechSettings): void {
  configured(settings.stt, 'Speech-to-text');
}

export function listVoices(settings: SpeechSettings): readonly string[] {
  return configured(settings.tts, 'Text-to-speech').voices;
}

/** The audio of `payload.input`, streamed from the service as it arrives. */
export async function textToSpeech(
  settings: SpeechSettings,
  payload: TextToSpeechPayload,
  signal: AbortSignal,
): Promise<{ contentType: string; body: Readable }> {
  const tts = configured(settings.tts, 'Text-to-speech');
  const voice = payload.voice ?? tts.voices[0] ?? '';
  if (!tts.voices.includes(voice)) {
    throw new AppError('VALIDATION', `voice: "${voice}" is not one of the voices offered`, {
      field: 'voice',
    });
  }
  const response = await callService(tts, 'The text-to-speech service', signal, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: tts.model, input: payload.input, voice }),
  });
  if (!response.body) throw new AppError('BAD_GATEWAY', 'The text-to-speech service answered no audio.');
  return {
    contentType: response.headers.get('content-type') ?? 'audio/mpeg',
    body: Readable.fromWeb(response.body as NodeReadableStream),
  };
}

/** A recording as received. */
export interface Recording {
  bytes: Buffer;
  filename: string;
  mimetype: string;
  /** The speaker's language (ISO 639-1), a hint for the service; unset: it guesses. */
  language?: string;
}

export async function speechToText(
  settings: SpeechSettings,
  recording: Recording,
  signal: AbortSignal,
): Promise<SpeechToTextResult> {
  const stt = configured(settings.stt, 'Speech-to-text');
  const form = new FormData();
  const file = new Blob([new Uint8Array(recording.bytes)], { type: recording.mimetype });
  form.append('file', file, recording.filename || 'audio.webm');
  form.append('model', stt.model);
  if (recording.language) form.append('language', recording.language);
  const response = await callService(stt, 'The speech-to-text service', signal, { body: form });
  const answer = (await response.json().catch(() => null)) as { text?: unknown } | null;
  if (typeof answer?.text !== 'string') {
    throw new AppError('BAD_GATEWAY', 'The speech-to-text service answered without a text.');
  }
  return { text: answer.text };
}

/**
 * POSTs to the service under the time limit. Every failure is a 502 naming the service; no message carries the URL
 * or the service's body, since a key may travel in either.
 */
async function callService(
  service: SpeechService,
  name: string,
  signal: AbortSignal,
  init: { headers?: Record<string, string>; body: string | FormData },
): Promise<Response> {
  const timeout = AbortSignal.timeout(SPEECH_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(service.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${service.apiKey}`, ...init.headers },
      body: init.body,
      redirect: 'error',
      signal: AbortSignal.any([signal, timeout]),
    });
  } catch (error) {
    const why = timeout.aborted
      ? `did not answer within ${SPEECH_TIMEOUT_MS / 1000} s`
      : 'could not be reached';
    throw new AppError('BAD_GATEWAY', `${name} ${why}.`, undefined, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new AppError('BAD_GATEWAY', `${name} answered HTTP ${response.status}.`);
  }
  return response;
}
