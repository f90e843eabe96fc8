import { describe, expect, it } from 'vitest';
import { createResumeText } from './resume-text';

function replay(saved: string, deltas: string[]): string[] {
  const resume = createResumeText(saved);
  return deltas.map((d) => resume.push(d));
}

const DELTAS = ['tok1 ', 'tok2 ', 'tok3 ', 'tok4 ', 'tok5 '];

describe('createResumeText', () => {
  it('a new reply: keeps the saved text while the replay catches up, then follows it, never repeating', () => {
    const shown = replay('tok1 tok2 tok3 ', DELTAS);
    expect(shown).toEqual([
      'tok1 tok2 tok3 ',
      'tok1 tok2 tok3 ',
      'tok1 tok2 tok3 ',
      'tok1 tok2 tok3 tok4 ',
      'tok1 tok2 tok3 tok4 tok5 ',
    ]);
  });

  it('a saved text cut inside a delta lines up too', () => {
    expect(replay('tok1 to', DELTAS).at(-1)).toBe('tok1 tok2 tok3 tok4 tok5 ');
    expect(replay('tok1 to', DELTAS)[0]).toBe('tok1 to');
  });

  it('nothing saved yet: the replay is the text', () => {
    expect(replay('', DELTAS).at(-1)).toBe(DELTAS.join(''));
  });

  it('a continue: the old text stays in front of the replayed deltas', () => {
    const base = 'Once upon a time,';
    expect(replay(`${base}tok1 tok2 `, DELTAS).at(-1)).toBe(`${base}${DELTAS.join('')}`);
    // Nothing of the continuation saved yet.
    expect(replay(base, DELTAS).at(-1)).toBe(`${base}${DELTAS.join('')}`);
  });

  it('the saved text already holds the whole replay: nothing changes', () => {
    const full = DELTAS.join('');
    expect(replay(full, DELTAS)).toEqual(DELTAS.map(() => full));
  });

  it('after the start is fixed, deltas append even when they repeat earlier text', () => {
    expect(replay('a', ['a', 'b', 'a', 'a']).at(-1)).toBe('abaa');
  });
});
