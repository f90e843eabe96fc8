/**
 * The `data:` values of a text/event-stream body (bytes, or text already decoded), in order (one per event;
 * multi-line data is joined with '\n'). Lines may end in LF, CRLF or CR and be cut anywhere between chunks.
 * Comments, other fields and events without data are skipped. Kept small and allocation-light: it runs per token.
 */
export async function* readSseData(body: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let skipLF = false;
  for await (const chunk of body) {
    buffer += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      if (c === 10 && skipLF && i === start) {
        skipLF = false;
        start = i + 1;
        continue;
      }
      skipLF = c === 13;
      const line = buffer.slice(start, i);
      start = i + 1;
      if (line === '') {
        if (data.length > 0) yield data.length === 1 ? data[0]! : data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
      }
    }
    buffer = buffer.slice(start);
  }
  // An event the stream ended in the middle of (no blank line after it) is dropped, as the format says.
}
