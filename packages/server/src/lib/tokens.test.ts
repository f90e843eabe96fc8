import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { countTokens, MERGE_CACHE_SIZE, RANKS_FILE, readRanks } from './tokens';

const load = createRequire(import.meta.url);

describe('countTokens', () => {
  it("counts as gpt-tokenizer's own o200k_base does, without loading its bpeRanks module", () => {
    const texts = [
      'hello world',
      'Ünïcödé 中文字符 テスト 🙂 emoji \uFEFFbom',
      'x'.repeat(1_900),
      Buffer.from(Array.from({ length: 1_500 }, (_, i) => i % 256)).toString('base64'),
      '\uFEFFusing System;\n\uFEFF// a comment',
      'The quick brown fox jumps over the lazy dog. '.repeat(40),
    ];
    // Another test file in this worker may have loaded it.
    const ranksModule = load.resolve('gpt-tokenizer/cjs/bpeRanks/o200k_base');
    delete load.cache[ranksModule];
    const ours = texts.map(countTokens);
    expect(load.cache[ranksModule]).toBeUndefined();
    const packaged = load('gpt-tokenizer') as { countTokens(text: string): number };
    expect(ours).toEqual(texts.map((t) => packaged.countTokens(t)));
  });

  it("reads the same rank table from the package's .tiktoken file as its bpeRanks module holds", () => {
    const fromFile = readRanks(readFileSync(load.resolve(RANKS_FILE), 'latin1'));
    const packaged = (load('gpt-tokenizer/cjs/bpeRanks/o200k_base') as { default: unknown[] }).default;
    expect(fromFile.length).toBe(199_998);
    expect(fromFile).toEqual(packaged);
  });

  it('keeps the merge cache small', () => {
    expect(MERGE_CACHE_SIZE).toBeLessThanOrEqual(10_000);
  });
});
