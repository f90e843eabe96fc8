import { isObject, listOf, str } from './loose';
import type { Loose } from './loose';
import type { SimImage } from './types';

const decodedBytes = (base64: string) => Buffer.from(base64, 'base64').length;

/** An image given inline as base64, or by URL (recorded with its URL, no bytes). */
function image(mediaType: string | undefined, base64: string | undefined, url?: string): SimImage {
  if (base64 !== undefined) return { mediaType: mediaType ?? '', bytes: decodedBytes(base64) };
  return { mediaType: mediaType ?? '', bytes: 0, ...(url !== undefined ? { url } : {}) };
}

/** OpenAI chat completions (Azure, OpenAI-compatible): `{type:'image_url', image_url:{url, detail}}` parts. */
export function openaiImages(messages: unknown): SimImage[] {
  return listOf(messages).flatMap((message) =>
    listOf(message['content'])
      .filter((part) => part['type'] === 'image_url')
      .map((part) => {
        const imageUrl = part['image_url'];
        const url = isObject(imageUrl) ? str(imageUrl['url']) : str(imageUrl);
        const detail = isObject(imageUrl) ? str(imageUrl['detail']) : undefined;
        const data = /^data:([^;,]+);base64,(.*)$/s.exec(url ?? '');
        const found = data ? image(data[1], data[2]) : image(undefined, undefined, url);
        return detail !== undefined ? { ...found, detail } : found;
      }),
  );
}

/** Anthropic messages: `{type:'image', source:{type:'base64', media_type, data}}` (or a `url` source). */
export function anthropicImages(messages: unknown): SimImage[] {
  return listOf(messages).flatMap((message) =>
    listOf(message['content'])
      .filter((part) => part['type'] === 'image' && isObject(part['source']))
      .map((part) => {
        const source = part['source'] as Loose;
        if (source['type'] === 'base64') return image(str(source['media_type']), str(source['data']) ?? '');
        return image(str(source['media_type']), undefined, str(source['url']));
      }),
  );
}

/** Gemini: parts with `inlineData:{mimeType, data}` (or `inline_data:{mime_type, data}`), or `fileData`. */
export function geminiImages(contents: unknown): SimImage[] {
  return listOf(contents).flatMap((content) =>
    listOf(content['parts']).flatMap((part): SimImage[] => {
      const inline = part['inlineData'] ?? part['inline_data'];
      if (isObject(inline)) {
        return [image(str(inline['mimeType'] ?? inline['mime_type']), str(inline['data']) ?? '')];
      }
      const file = part['fileData'] ?? part['file_data'];
      if (!isObject(file)) return [];
      return [
        image(
          str(file['mimeType'] ?? file['mime_type']),
          undefined,
          str(file['fileUri'] ?? file['file_uri']),
        ),
      ];
    }),
  );
}

/** One line per image, appended to the default reply so a demo user (and a test) sees what arrived. */
export function imageEcho(images: readonly SimImage[]): string {
  return images
    .map((i) => {
      const what = i.url !== undefined ? `url ${i.url}` : `${i.mediaType} ${i.bytes} bytes`;
      return `[image ${what}${i.detail !== undefined ? ` detail=${i.detail}` : ''}]`;
    })
    .join('\n');
}
