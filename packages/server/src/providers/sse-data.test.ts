import { describe, expect, it } from 'vitest';
import { readSseData } from './sse-data';

/** A body delivering `text` cut at the given offsets (bytes, so a UTF-8 character may be split). */
function body(text: string, cuts: number[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const bounds = [0, ...cuts, bytes.length];
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i + 1 < bounds.length; i++) controller.enqueue(bytes.slice(bounds[i], bounds[i + 1]));
      controller.close();
    },
  });
}

const read = async (stream: ReadableStream<Uint8Array>) => {
  const out: string[] = [];
  for await (const data of readSseData(stream)) out.push(data);
  return out;
};

describe('readSseData', () => {
  const text =
    ': comment\n\ndata: {"a":"é"}\n\nevent: x\nid: 3\ndata:{"b":1}\r\n\r\ndata: one\ndata: two\r\rdata: [DONE]\n\n';
  const expected = ['{"a":"é"}', '{"b":1}', 'one\ntwo', '[DONE]'];

  it('yields each event’s data, with LF, CRLF or CR line ends, skipping comments and other fields', async () => {
    expect(await read(body(text, []))).toEqual(expected);
  });

  it('gives the same whatever the chunk boundaries (inside a line, a CRLF, a UTF-8 character)', async () => {
    const size = new TextEncoder().encode(text).length;
    for (let cut = 1; cut < size; cut++) expect(await read(body(text, [cut]))).toEqual(expected);
    expect(
      await read(
        body(
          text,
          Array.from({ length: size - 1 }, (_, i) => i + 1),
        ),
      ),
    ).toEqual(expected);
  });

  it('reads text chunks (node:http with an encoding set) the same, cut anywhere, a CRLF included', async () => {
    async function* chunks(cut: number) {
      yield text.slice(0, cut);
      yield text.slice(cut);
    }
    for (let cut = 0; cut <= text.length; cut++) {
      const out: string[] = [];
      for await (const data of readSseData(chunks(cut))) out.push(data);
      expect(out).toEqual(expected);
    }
  });

  it('drops an event the stream ended in the middle of', async () => {
    expect(await read(body('data: a\n\ndata: b', []))).toEqual(['a']);
  });
});
