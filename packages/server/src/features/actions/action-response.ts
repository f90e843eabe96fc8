/** How much of an answer was read, and whether more was left unread. */
export interface CappedBody {
  bytes: Uint8Array;
  truncated: boolean;
}

/**
 * Reads at most `maxBytes` of a body, then cancels the rest, so a huge or endless answer costs no more than the cap.
 * A declared `content-length` over the cap is not awaited.
 */
export async function readCapped(res: Response, maxBytes: number): Promise<CappedBody> {
  if (!res.body) return { bytes: new Uint8Array(), truncated: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      size += room;
      truncated = true;
      await reader.cancel().catch(() => {});
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes, truncated };
}

const TEXT_TYPE =
  /^(text\/|application\/(?:[\w.+-]*\+)?(?:json|xml|javascript|x-www-form-urlencoded|yaml|x-yaml|csv|graphql)\b)/i;

/**
 * What the model reads of an API's answer: JSON pretty-printed when it parses, any other text as it is (an HTML
 * error page, invalid JSON), and for a binary type only what it was. A cut answer says so at its end.
 */
export function answerText(body: CappedBody, contentType: string | null, maxBytes: number): string {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== '' && !TEXT_TYPE.test(type)) {
    return `The API answered ${type} (${body.bytes.byteLength}${body.truncated ? '+' : ''} bytes), which is not text.`;
  }
  const text = decode(body.bytes, contentType);
  if (body.truncated) return `${text}\n[The answer was cut at ${maxBytes} bytes.]`;
  if (text.trim() === '') return 'The API answered with no content.';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function decode(bytes: Uint8Array, contentType: string | null): string {
  const charset = /charset="?([\w-]+)"?/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
