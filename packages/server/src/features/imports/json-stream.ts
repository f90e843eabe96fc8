/**
 * What a streamed export gives, in file order: its top-level shape, then each value at the two levels an export
 * keeps its records. A top-level array gives each element (`key` null); a top-level object gives each field, and a
 * field whose value is an array gives each element of it under the field's name instead of the array.
 */
export type JsonEvent =
  | { kind: 'root'; type: 'array' | 'object' }
  | { kind: 'item'; key: string | null; value: unknown }
  | { kind: 'field'; key: string; value: unknown };

/** A file that is not well-formed JSON (or not UTF-8 text); the message names what and where. */
export class JsonStreamError extends Error {
  override name = 'JsonStreamError';
}

const enum State {
  Root,
  ArrayValue,
  ArrayValueOrEnd,
  ArrayNext,
  Key,
  KeyOrEnd,
  Colon,
  FieldValue,
  FieldNext,
  NestedValue,
  NestedValueOrEnd,
  NestedNext,
  Done,
}

/** Where a captured value goes when it is complete. */
type Target = 'root-item' | 'key' | 'field' | 'nested-item';

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;

/**
 * Reads JSON text chunk by chunk and gives the values of an export one at a time (see {@link JsonEvent}), so a
 * large file is never held whole: only the value being read is. Each value is checked by `JSON.parse`; the
 * structure around them is checked here. Throws {@link JsonStreamError} for anything malformed.
 */
export async function* jsonEvents(
  chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
): AsyncGenerator<JsonEvent> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const splitter = new Splitter();
  for await (const chunk of chunks) {
    let text: string;
    try {
      text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    } catch {
      throw new JsonStreamError('The file is not UTF-8 text.');
    }
    yield* splitter.push(text);
    // The values before a fault are given first: what they wrote is undone by the caller, as any failure's is.
    if (splitter.failure) throw splitter.failure;
  }
  yield* splitter.end();
}

class Splitter {
  private state = State.Root;
  private offset = 0;
  // The value being captured: its pieces so far, and how to tell where it ends.
  private target: Target | null = null;
  private pieces: string[] = [];
  private mode: 'container' | 'string' | 'literal' = 'literal';
  private depth = 0;
  private inString = false;
  private escaped = false;
  private key = '';
  private nestedKey = '';
  failure: unknown = null;

  push(text: string): JsonEvent[] {
    const events: JsonEvent[] = [];
    try {
      this.scan(text, events);
    } catch (error) {
      this.failure = error;
    }
    this.offset += text.length;
    return events;
  }

  private scan(text: string, events: JsonEvent[]): void {
    let i = 0;
    // Where the capture's piece in this chunk starts: 0 for one running on from the chunk before.
    let start = 0;
    for (;;) {
      if (this.target !== null) {
        const end = i < text.length ? this.scanCapture(text, i) : -1;
        if (end < 0) {
          this.pieces.push(text.slice(start));
          break;
        }
        this.pieces.push(text.slice(start, end));
        events.push(...this.complete());
        i = end;
        continue;
      }
      if (i >= text.length) break;
      const c = text.charCodeAt(i);
      const bom = c === 0xfeff && this.state === State.Root && this.offset + i === 0;
      if (!isSpace(c) && !bom && this.structural(c, text, i, events) === 'from-here') {
        this.beginCapture(c);
        start = i;
      }
      // A capture is scanned from past its first character (a quote or a bracket counted by beginCapture).
      i += 1;
    }
  }

  end(): JsonEvent[] {
    const events: JsonEvent[] = [];
    // A number at the very end of a file has no delimiter after it.
    if (this.target !== null && this.mode === 'literal') events.push(...this.complete());
    if (this.state !== State.Done) {
      throw new JsonStreamError(
        this.state === State.Root
          ? 'The file is empty.'
          : 'The file ends in the middle of its JSON (cut short?).',
      );
    }
    return events;
  }

  /** Moves the structure on by one character; answers 'from-here' when a value starts at it. */
  private structural(c: number, text: string, i: number, events: JsonEvent[]): 'from-here' | null {
    switch (this.state) {
      case State.Root:
        if (c === OPEN_ARRAY) {
          this.state = State.ArrayValueOrEnd;
          events.push({ kind: 'root', type: 'array' });
          return null;
        }
        if (c === OPEN_OBJECT) {
          this.state = State.KeyOrEnd;
          events.push({ kind: 'root', type: 'object' });
          return null;
        }
        throw new JsonStreamError('The file is not a JSON export: it must start with [ or {.');
      case State.ArrayValueOrEnd:
        if (c === CLOSE_ARRAY) {
          this.state = State.Done;
          return null;
        }
        return this.startValue(c, 'root-item', text, i);
      case State.ArrayValue:
        return this.startValue(c, 'root-item', text, i);
      case State.ArrayNext:
        return this.next(c, State.ArrayValue, CLOSE_ARRAY, State.Done, text, i);
      case State.KeyOrEnd:
        if (c === CLOSE_OBJECT) {
          this.state = State.Done;
          return null;
        }
        return this.startKey(c, text, i);
      case State.Key:
        return this.startKey(c, text, i);
      case State.Colon:
        if (c !== COLON) throw this.unexpected(text, i);
        this.state = State.FieldValue;
        return null;
      case State.FieldValue:
        if (c === OPEN_ARRAY) {
          this.nestedKey = this.key;
          this.state = State.NestedValueOrEnd;
          return null;
        }
        return this.startValue(c, 'field', text, i);
      case State.FieldNext:
        return this.next(c, State.Key, CLOSE_OBJECT, State.Done, text, i);
      case State.NestedValueOrEnd:
        if (c === CLOSE_ARRAY) {
          this.state = State.FieldNext;
          return null;
        }
        return this.startValue(c, 'nested-item', text, i);
      case State.NestedValue:
        return this.startValue(c, 'nested-item', text, i);
      case State.NestedNext:
        return this.next(c, State.NestedValue, CLOSE_ARRAY, State.FieldNext, text, i);
      case State.Done:
        throw new JsonStreamError(
          `The file goes on after its JSON ends (at character ${this.offset + i + 1}).`,
        );
    }
  }

  private next(c: number, onComma: State, close: number, onClose: State, text: string, i: number): null {
    if (c === COMMA) this.state = onComma;
    else if (c === close) this.state = onClose;
    else throw this.unexpected(text, i);
    return null;
  }

  private startKey(c: number, text: string, i: number): 'from-here' {
    if (c !== QUOTE) throw this.unexpected(text, i);
    this.target = 'key';
    return 'from-here';
  }

  private startValue(c: number, target: Target, text: string, i: number): 'from-here' {
    if (c === COMMA || c === CLOSE_ARRAY || c === CLOSE_OBJECT || c === COLON) throw this.unexpected(text, i);
    this.target = target;
    return 'from-here';
  }

  private beginCapture(c: number): void {
    this.pieces = [];
    this.inString = false;
    this.escaped = false;
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      this.mode = 'container';
      this.depth = 1;
    } else if (c === QUOTE) {
      this.mode = 'string';
      this.inString = true;
    } else {
      this.mode = 'literal';
    }
  }

  /** Scans a capture from `i` (past its first character); answers the index just past its end, or -1. */
  private scanCapture(text: string, i: number): number {
    if (this.mode === 'literal') {
      for (let j = i; j < text.length; j += 1) {
        const c = text.charCodeAt(j);
        if (isSpace(c) || c === COMMA || c === CLOSE_ARRAY || c === CLOSE_OBJECT) return j;
      }
      return -1;
    }
    for (let j = i; j < text.length; j += 1) {
      const c = text.charCodeAt(j);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) {
          this.inString = false;
          if (this.mode === 'string') return j + 1;
        }
        continue;
      }
      if (c === QUOTE) this.inString = true;
      else if (c === OPEN_OBJECT || c === OPEN_ARRAY) this.depth += 1;
      else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        this.depth -= 1;
        if (this.depth === 0) return j + 1;
      }
    }
    return -1;
  }

  private complete(): JsonEvent[] {
    const source = this.pieces.join('');
    this.pieces = [];
    const target = this.target!;
    this.target = null;
    let value: unknown;
    try {
      value = JSON.parse(source);
    } catch {
      throw new JsonStreamError(`The file is not valid JSON (near character ${this.offset}).`);
    }
    switch (target) {
      case 'key':
        this.key = value as string;
        this.state = State.Colon;
        return [];
      case 'root-item':
        this.state = State.ArrayNext;
        return [{ kind: 'item', key: null, value }];
      case 'nested-item':
        this.state = State.NestedNext;
        return [{ kind: 'item', key: this.nestedKey, value }];
      case 'field':
        this.state = State.FieldNext;
        return [{ kind: 'field', key: this.key, value }];
    }
  }

  private unexpected(text: string, i: number): JsonStreamError {
    return new JsonStreamError(
      `The file is not valid JSON: unexpected "${text[i]}" at character ${this.offset + i + 1}.`,
    );
  }
}
