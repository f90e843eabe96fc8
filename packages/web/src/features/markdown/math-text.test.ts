import { describe, expect, it } from 'vitest';
import { mayContainMath, normalizeMath } from './math-text';

describe('normalizeMath', () => {
  it('rewrites \\( \\) to inline dollars and \\[ \\] to a display block', () => {
    expect(normalizeMath('So \\(x^2\\) holds.')).toBe('So $x^2$ holds.');
    expect(normalizeMath('Then \\[ a+b \\] follows')).toBe('Then \n$$\na+b\n$$\n follows');
  });

  it('escapes currency dollars so prices do not become maths', () => {
    expect(normalizeMath('It costs $5 and $1,200.50.')).toBe('It costs \\$5 and \\$1,200.50.');
    expect(normalizeMath('$2^n$ and $3$')).toBe('$2^n$ and $3$');
  });

  it('leaves code untouched', () => {
    const fenced = '```sh\necho $5 \\(x\\)\n```\nafter \\(y\\)';
    expect(normalizeMath(fenced)).toBe('```sh\necho $5 \\(x\\)\n```\nafter $y$');
    expect(normalizeMath('run `echo $5` for $5')).toBe('run `echo $5` for \\$5');
    // A fence still streaming (not closed yet) is code too.
    expect(normalizeMath('```\nprice $5')).toBe('```\nprice $5');
  });
});

describe('mayContainMath', () => {
  it('is true only for texts with a maths delimiter', () => {
    expect(mayContainMath('plain text')).toBe(false);
    expect(mayContainMath('costs $ 5')).toBe(false);
    expect(mayContainMath('inline $x$')).toBe(true);
    expect(mayContainMath('$$\nx\n$$')).toBe(true);
    expect(mayContainMath('\\(x\\)')).toBe(true);
  });
});
