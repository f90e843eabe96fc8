import { expect } from 'vitest';
import type { StoredFile } from './chat-files.test-helpers';

// The vision tests' wire helpers (chat.vision.test.ts): what an image looks like in each provider's request.

// Provider bodies are indexed freely: their shapes are what is asserted.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export const dataUrl = (file: StoredFile) => `data:${file.type};base64,${file.bytes.toString('base64')}`;
export const echoLine = (file: StoredFile, detail?: string) =>
  `[image ${file.type} ${file.bytes.length} bytes${detail ? ` detail=${detail}` : ''}]`;

/** The one generation request the sim received for a send whose text holds `marker`. */
export function wireRequestOf<R extends { body: unknown }>(
  simulator: { requests(): R[] },
  marker: string,
): R {
  const found = simulator.requests().filter((r) => JSON.stringify(r.body).includes(marker));
  expect(found).toHaveLength(1);
  return found[0]!;
}
/** The parts of the last turn on the wire (OpenAI/Anthropic `messages[].content`, Gemini `contents[].parts`). */
export const lastTurnParts = (body: Loose): Loose[] =>
  body.contents ? body.contents.at(-1).parts : body.messages.at(-1).content;
/** Every OpenAI-style image URL in a body, oldest message first. */
export const imageUrls = (body: Loose): string[] =>
  body.messages.flatMap((m: Loose) =>
    Array.isArray(m.content)
      ? m.content.filter((p: Loose) => p.type === 'image_url').map((p: Loose) => p.image_url.url)
      : [],
  );

export const openAIPart = (file: StoredFile, detail: string) => ({
  type: 'image_url',
  image_url: { url: dataUrl(file), detail },
});
