import { z } from 'zod';

// librechat.yaml's `speech:` section (docs/reference/speech.md (Server-side speech)). Parley speaks OpenAI's audio
// protocol only, so of LibreChat's providers only `openai` is read; the others (and `speechTab`) load and are
// reported as fields Parley does not use.

const httpUrl = z
  .string()
  .trim()
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), { error: 'must be an http(s) URL' });

const ttsOpenAiSchema = z
  .object({
    /** The service's base URL (`…/v1`) or its full `/audio/speech` URL; empty or unset: OpenAI's. */
    url: httpUrl.optional(),
    apiKey: z.string().min(1, { error: 'must not be empty' }),
    model: z.string().min(1, { error: 'must not be empty' }),
    voices: z.array(z.string().min(1, { error: 'must not be empty' })).min(1, { error: 'must list a voice' }),
  })
  .loose();

const sttOpenAiSchema = z
  .object({
    /** The service's base URL (`…/v1`) or its full `/audio/transcriptions` URL; empty or unset: OpenAI's. */
    url: httpUrl.optional(),
    apiKey: z.string().min(1, { error: 'must not be empty' }),
    model: z.string().min(1, { error: 'must not be empty' }),
  })
  .loose();

export const speechYamlSchema = z
  .object({
    tts: z.object({ openai: ttsOpenAiSchema.optional() }).loose().optional(),
    stt: z.object({ openai: sttOpenAiSchema.optional() }).loose().optional(),
  })
  .loose();
