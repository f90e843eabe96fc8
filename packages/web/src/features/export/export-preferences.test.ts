import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHOICES, EXPORT_CHOICES_KEY, readChoices, saveChoices } from './export-preferences';

describe('remembered export choices', () => {
  beforeEach(() => {
    const values = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => values.set(key, value),
    });
  });
  // The worker's later test files share its globals (vitest.config.ts, isolate: false).
  afterEach(() => vi.unstubAllGlobals());

  it('reads back what was saved', () => {
    const choices = { type: 'csv', includeOptions: false, allBranches: true, recursive: false } as const;
    saveChoices(choices);
    expect(readChoices()).toEqual(choices);
  });
  it('leaves the endpoint options out by default, and out again for choices saved before that default', () => {
    expect(DEFAULT_CHOICES.includeOptions).toBe(false);
    // Saved by an older version, which stored its default (on) with every export.
    localStorage.setItem(
      EXPORT_CHOICES_KEY,
      JSON.stringify({ type: 'markdown', includeOptions: true, allBranches: true, recursive: true }),
    );
    expect(readChoices()).toEqual({
      type: 'markdown',
      includeOptions: false,
      allBranches: true,
      recursive: true,
    });
    // Ticked since: remembered.
    saveChoices({ type: 'markdown', includeOptions: true, allBranches: false, recursive: true });
    expect(JSON.parse(localStorage.getItem(EXPORT_CHOICES_KEY)!)).toEqual({
      type: 'markdown',
      includeOptions: true,
      allBranches: false,
      recursive: true,
      v: 2,
    });
    expect(readChoices().includeOptions).toBe(true);
  });
  it('falls back to the defaults, field by field, for missing or damaged values', () => {
    expect(readChoices()).toEqual(DEFAULT_CHOICES);
    localStorage.setItem(EXPORT_CHOICES_KEY, '{not json');
    expect(readChoices()).toEqual(DEFAULT_CHOICES);
    localStorage.setItem(
      EXPORT_CHOICES_KEY,
      JSON.stringify({ type: 'pdf', allBranches: true, recursive: 'yes' }),
    );
    expect(readChoices()).toEqual({ ...DEFAULT_CHOICES, allBranches: true });
  });
});
