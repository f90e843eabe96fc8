import { z } from 'zod';

/**
 * The most characters one read-aloud request may carry: OpenAI's `/audio/speech` limit. A longer reply is read in
 * pieces of at most this size (docs/reference/speech.md (Server-side speech)).
 */
export const TTS_MAX_CHARS = 4096;

/** The largest recording one dictation may send, in bytes: OpenAI's `/audio/transcriptions` limit (25 MB). */
export const STT_MAX_BYTES = 25 * 1024 * 1024;

/** Whether the server speaks and listens itself (LibreChat's `GET /api/files/speech/config/get`). */
export const speechConfigSchema = z.object({
  /** Dictation goes to the server's speech-to-text service. */
  sttExternal: z.boolean(),
  /** Read aloud comes from the server's text-to-speech service. */
  ttsExternal: z.boolean(),
});
export type SpeechConfig = z.infer<typeof speechConfigSchema>;

/** A read-aloud request: LibreChat's `tts/manual` fields. */
export const textToSpeechSchema = z.object({
  input: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(TTS_MAX_CHARS, { error: `must be at most ${TTS_MAX_CHARS} characters` }),
  /** One of the configured voices; unset: the first one. */
  voice: z.string().max(100).optional(),
});
export type TextToSpeechPayload = z.infer<typeof textToSpeechSchema>;

/** A dictation's text. */
export const speechToTextResultSchema = z.object({ text: z.string() });
export type SpeechToTextResult = z.infer<typeof speechToTextResultSchema>;
