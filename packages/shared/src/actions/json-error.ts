/** Where a JSON text first goes wrong: the message and the 1-based line and column. */
export interface JsonErrorPlace {
  message: string;
  line: number;
  column: number;
}

/**
 * The first syntax error of a text `JSON.parse` refused. Engines word and place their errors differently (some name
 * no position at all), so the text is scanned here: a small recursive-descent reader that stops at the first fault.
 * Nesting deeper than 512 is itself reported, so a hostile text cannot exhaust the stack.
 */
export function locateJsonError(text: string): JsonErrorPlace {
  let i = 0;
  const fail = (message: string): never => {
    throw new Fault(message, i);
  };
  const skip = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i += 1;
  };
  const expect = (ch: string, what: string) => (text[i] === ch ? (i += 1) : fail(`Expected ${what}`));
  const value = (depth: number): void => {
    if (depth > 512) fail('Nesting is too deep');
    skip();
    const ch = text[i];
    if (ch === '{')
      return container(depth, '}', () => {
        skip();
        if (text[i] !== '"') fail('Expected a property name in double quotes');
        string();
        skip();
        expect(':', "':' after the property name");
        value(depth + 1);
      });
    if (ch === '[') return container(depth, ']', () => value(depth + 1));
    if (ch === '"') return string();
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return number();
    for (const word of ['true', 'false', 'null'])
      if (text.startsWith(word, i)) return void (i += word.length);
    fail(ch === undefined ? 'Unexpected end of the text' : `Unexpected character '${ch}'`);
  };
  const container = (_depth: number, close: string, item: () => void) => {
    i += 1;
    skip();
    if (text[i] === close) return void (i += 1);
    for (;;) {
      item();
      skip();
      if (text[i] === ',') {
        i += 1;
        skip();
        if (text[i] === close) fail(`Unexpected '${close}' after ','`);
        continue;
      }
      expect(close, `',' or '${close}'`);
      return;
    }
  };
  const string = () => {
    i += 1;
    while (i < text.length && text[i] !== '"') {
      const code = text.charCodeAt(i);
      if (code < 0x20) fail('Unescaped control character in a string');
      if (text[i] === '\\') {
        i += 1;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail('Invalid \\u escape');
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail('Invalid escape in a string');
      }
      i += 1;
    }
    if (i >= text.length) fail('Unterminated string');
    i += 1;
  };
  const number = () => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail('Invalid number');
    i += m![0].length;
  };
  try {
    value(0);
    skip();
    if (i < text.length) fail('Unexpected text after the JSON value');
    return place('Invalid JSON', text, text.length);
  } catch (error) {
    if (error instanceof Fault) return place(error.message, text, error.offset);
    throw error;
  }
}

class Fault extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** The 1-based line and column of `offset`. */
export function place(message: string, text: string, offset: number): JsonErrorPlace {
  let line = 1;
  let lineStart = 0;
  for (let k = 0; k < offset && k < text.length; k += 1) {
    if (text[k] === '\n') {
      line += 1;
      lineStart = k + 1;
    }
  }
  return { message, line, column: offset - lineStart + 1 };
}
