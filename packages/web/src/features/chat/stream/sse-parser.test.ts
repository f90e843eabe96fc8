import { describe, expect, it } from 'vitest';
import { createSseParser, readSseStream, type SseEvent } from './sse-parser';

function parseAll(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
}

const FRAMES =
  'id: 1\nevent: message\ndata: {"created":true}\n\n' +
  ': ping\n\n' +
  'id: 2\nevent: message\ndata: {"text":"héllo 世界","messageId":"m"}\n\n' +
  'id: 3\nevent: error\ndata: {"text":"boom"}\n\n';

const EXPECTED: SseEvent[] = [
  { id: '1', event: 'message', data: '{"created":true}' },
  { id: '2', event: 'message', data: '{"text":"héllo 世界","messageId":"m"}' },
  { id: '3', event: 'error', data: '{"text":"boom"}' },
];

describe('createSseParser', () => {
  it('parses events with names, ids and data, skipping comments', () => {
    expect(parseAll([FRAMES])).toEqual(EXPECTED);
  });

  it('gives the same events whatever the chunk boundaries', () => {
    for (let size = 1; size <= 7; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < FRAMES.length; i += size) chunks.push(FRAMES.slice(i, i + size));
      expect(parseAll(chunks)).toEqual(EXPECTED);
    }
  });

  it('joins multi-line data with newlines and defaults the event name to message', () => {
    expect(parseAll(['data: first\ndata: second\ndata\n\n'])).toEqual([
      { event: 'message', data: 'first\nsecond\n', id: undefined },
    ]);
  });

  it('accepts CRLF and lone CR line ends, even with CR and LF in different chunks', () => {
    const crlf = 'event: message\r\ndata: a\r\n\r\n';
    expect(parseAll([crlf])).toEqual([{ event: 'message', data: 'a', id: undefined }]);
    expect(parseAll(['event: message\r', '\ndata: a\r', '\n\r', '\n'])).toEqual([
      { event: 'message', data: 'a', id: undefined },
    ]);
    expect(parseAll(['data: a\r\rdata: b\r\r'])).toEqual([
      { event: 'message', data: 'a', id: undefined },
      { event: 'message', data: 'b', id: undefined },
    ]);
  });

  it('keeps a value without the single leading space only, and ignores unknown fields', () => {
    expect(parseAll(['data:  two spaces\nretry: 10\nfoo: bar\n\n'])).toEqual([
      { event: 'message', data: ' two spaces', id: undefined },
    ]);
  });

  it('drops an event the stream ended in the middle of, and events with no data', () => {
    expect(parseAll(['event: message\n\n', 'data: cut'])).toEqual([]);
  });

  it('remembers the last event id', () => {
    const parser = createSseParser(() => {});
    parser.push('id: 7-1\ndata: x\n\n');
    expect(parser.lastEventId).toBe('7-1');
  });
});

describe('readSseStream', () => {
  it('decodes UTF-8 split across chunks of a byte stream', async () => {
    const bytes = new TextEncoder().encode(FRAMES);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    await readSseStream(body, (e) => events.push(e));
    expect(events).toEqual(EXPECTED);
  });

  it('rejects when the stream errors', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: a\n\n'));
        controller.error(new Error('network cut'));
      },
    });
    const events: SseEvent[] = [];
    await expect(readSseStream(body, (e) => events.push(e))).rejects.toThrow('network cut');
  });
});
