import { describe, expect, it } from 'vitest';
import { locateJsonError } from './json-error';

describe('locateJsonError', () => {
  it.each([
    ['{"a": }', "Unexpected character '}'", 1, 7],
    ['{\n  "a": 1,\n}', "Unexpected '}' after ','", 3, 1],
    ['{\n  "a" 1\n}', "Expected ':' after the property name", 2, 7],
    ['{"a": 1', "Expected ',' or '}'", 1, 8],
    ['[1, 2]\n x', 'Unexpected text after the JSON value', 2, 2],
    ['{"a": "b\nc"}', 'Unescaped control character in a string', 1, 9],
    ['{"a": tru}', "Unexpected character 't'", 1, 7],
    ['{a: 1}', 'Expected a property name in double quotes', 1, 2],
  ])('places the error of %j', (text, message, line, column) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(locateJsonError(text)).toEqual({ message, line, column });
  });

  it('reports nesting too deep instead of exhausting the stack', () => {
    expect(locateJsonError('['.repeat(100_000)).message).toBe('Nesting is too deep');
  });
});
