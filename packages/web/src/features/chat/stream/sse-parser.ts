/** One server-sent event: its name (default 'message'), its data lines joined by '\n', and its id if any. */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * An incremental parser of the text/event-stream format (WHATWG HTML §9.2): feed it text in chunks cut
 * anywhere (inside a line, between '\r' and '\n') and it calls `onEvent` once per complete event. Comments
 * (': ping') and events with no data line are ignored, as a browser's EventSource does.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  // A chunk that ends in '\r' may be the first half of a CRLF: the '\n' that follows must not end a line.
  let skipLeadingNewline = false;
  let eventName = '';
  let dataLines: string[] = [];
  let lastId: string | undefined;
  let hasData = false;

  const dispatch = () => {
    if (hasData) {
      onEvent({ event: eventName || 'message', data: dataLines.join('\n'), id: lastId });
    }
    eventName = '';
    dataLines = [];
    hasData = false;
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') {
      dataLines.push(value);
      hasData = true;
    } else if (field === 'id' && !value.includes('\0')) lastId = value;
  };

  return {
    push(chunk: string): void {
      let text = chunk;
      if (skipLeadingNewline && text.startsWith('\n')) text = text.slice(1);
      skipLeadingNewline = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer.charCodeAt(i);
        if (c !== 10 && c !== 13) continue;
        line(buffer.slice(start, i));
        if (c === 13) {
          if (i + 1 === buffer.length) skipLeadingNewline = true;
          else if (buffer.charCodeAt(i + 1) === 10) i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    /** The stream ended: an unterminated last event is dropped, as the format says. */
    end(): void {
      buffer = '';
      dataLines = [];
      hasData = false;
    },
    /** The id of the last event seen (the `Last-Event-ID` a reconnect would send). */
    get lastEventId(): string | undefined {
      return lastId;
    },
  };
}

/**
 * Reads a fetch body as server-sent events until it ends; UTF-8 is decoded in streaming mode, so a
 * character split across chunks arrives whole. Rejects with the reader's error (an abort, a cut network).
 */
export async function readSseStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SseEvent) => void,
): Promise<void> {
  const parser = createSseParser(onEvent);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
