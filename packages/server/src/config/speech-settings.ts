import type { YamlConfig } from './yaml.schema';

/** OpenAI's API, where a `speech:` provider without a `url` goes. */
export const OPENAI_AUDIO_BASE = 'https://api.openai.com/v1';

/** One OpenAI-compatible audio service the operator configured. */
export interface SpeechService {
  /** The full URL of the call (`…/audio/speech` or `…/audio/transcriptions`). */
  url: string;
  apiKey: string;
  model: string;
}

/** Server-side speech (docs/reference/speech.md (Server-side speech)); null parts are not configured. */
export interface SpeechSettings {
  tts: (SpeechService & { voices: readonly string[] }) | null;
  stt: SpeechService | null;
}

/**
 * LibreChat writes the full call URL; a base URL (`http://host/v1`) is accepted too, since that is how every other
 * OpenAI-compatible setting is written.
 */
function callUrl(url: string | undefined, path: '/audio/speech' | '/audio/transcriptions'): string {
  const given = (url ?? '').trim().replace(/\/+$/, '');
  if (!given) return `${OPENAI_AUDIO_BASE}${path}`;
  return given.endsWith(path) ? given : `${given}${path}`;
}

/** Reads the YAML's `speech:` section (validated by speech.schema.ts with the rest of the file). */
export function readSpeechSettings(yaml: YamlConfig | null): SpeechSettings {
  const tts = yaml?.speech?.tts?.openai;
  const stt = yaml?.speech?.stt?.openai;
  return {
    tts: tts
      ? { url: callUrl(tts.url, '/audio/speech'), apiKey: tts.apiKey, model: tts.model, voices: tts.voices }
      : null,
    stt: stt
      ? { url: callUrl(stt.url, '/audio/transcriptions'), apiKey: stt.apiKey, model: stt.model }
      : null,
  };
}
