import { describe, expect, it } from 'vitest';
import { jsonEvents, type JsonEvent } from './json-stream';

/** Every event of `text` fed in chunks of `size` bytes (so values, strings and UTF-8 characters straddle chunks). */
async function read(text: string, size: number): Promise<JsonEvent[] | string> {
  const bytes = Buffer.from(text);
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  }
  const events: JsonEvent[] = [];
  try {
    for await (const event of jsonEvents(chunks())) events.push(event);
  } catch (error) {
    return (error as Error).message;
  }
  return events;
}

const SIZES = [1, 2, 3, 7, 64, 100_000];

async function same(text: string): Promise<JsonEvent[] | string> {
  const results = await Promise.all(SIZES.map((size) => read(text, size)));
  for (const r of results) expect(r).toEqual(results[0]);
  return results[0]!;
}

describe('jsonEvents', () => {
  it('gives each element of a top-level array, whatever the chunking', async () => {
    const text = '[1, "a,]b\\"", {"x":[1,{"y":"}"}]}, true, null, -2.5e3, "名前"]';
    expect(await same(text)).toEqual([
      { kind: 'root', type: 'array' },
      ...[1, 'a,]b"', { x: [1, { y: '}' }] }, true, null, -2500, '名前'].map((value) => ({
        kind: 'item',
        key: null,
        value,
      })),
    ]);
  });

  it("gives a top-level object's fields, and the elements of its array fields one by one", async () => {
    const text = '{"title": "t", "messages": [{"m": "\\"]"}, 2], "n": 3, "empty": []}';
    expect(await same(text)).toEqual([
      { kind: 'root', type: 'object' },
      { kind: 'field', key: 'title', value: 't' },
      { kind: 'item', key: 'messages', value: { m: '"]' } },
      { kind: 'item', key: 'messages', value: 2 },
      { kind: 'field', key: 'n', value: 3 },
    ]);
  });

  it.each([
    ['', 'The file is empty.'],
    ['hello', 'The file is not a JSON export: it must start with [ or {.'],
    ['[1,]', 'The file is not valid JSON: unexpected "]" at character 4.'],
    ['[1 2]', 'The file is not valid JSON: unexpected "2" at character 4.'],
    ['{"a" 1}', 'The file is not valid JSON: unexpected "1" at character 6.'],
    ['{"a":1}}', 'The file goes on after its JSON ends (at character 8).'],
    ['[{"a":1}', 'The file ends in the middle of its JSON (cut short?).'],
    ['[{"a":tru}]', 'The file is not valid JSON (near character 0).'],
  ])('refuses %j', async (text, message) => {
    const result = await read(text, 100);
    expect(result).toBe(message);
  });

  it('gives the values before a fault, then the fault', async () => {
    const events: JsonEvent[] = [];
    const run = async () => {
      for await (const event of jsonEvents([Buffer.from('[1, 2, oops]')])) events.push(event);
    };
    await expect(run()).rejects.toThrow(/not valid JSON/);
    expect(events.filter((e) => e.kind === 'item')).toHaveLength(2);
  });

  it('refuses bytes that are not UTF-8', async () => {
    await expect(read('', 1)).resolves.toBe('The file is empty.');
    const bad = async () => {
      for await (const _ of jsonEvents([Buffer.from([0x5b, 0xff, 0x5d])])) void _;
    };
    await expect(bad()).rejects.toThrow('The file is not UTF-8 text.');
  });
});
