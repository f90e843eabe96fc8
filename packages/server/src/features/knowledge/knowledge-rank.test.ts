import { describe, expect, it } from 'vitest';
import { keepRarest } from './knowledge-rank.repository';
import { fuse } from './knowledge-search.service';

describe('keepRarest', () => {
  it('keeps the rarest terms while their matches fit the budget, always the rarest, never one with none', () => {
    const terms = [
      { term: 'the', df: 9_000 },
      { term: 'refund', df: 40 },
      { term: 'policy', df: 900 },
      { term: 'zzz', df: 0 },
      { term: 'is', df: 5_000 },
    ];
    expect(keepRarest(terms, 1_000).map((t) => t.term)).toEqual(['refund', 'policy']);
    expect(keepRarest(terms, 100).map((t) => t.term)).toEqual(['refund']);
    expect(keepRarest(terms, 1_000_000).map((t) => t.term)).toEqual(['refund', 'policy', 'is', 'the']);
    expect(keepRarest([{ term: 'the', df: 9_000 }], 10).map((t) => t.term)).toEqual(['the']);
    expect(keepRarest([{ term: 'zzz', df: 0 }], 10)).toEqual([]);
  });
});

describe('fuse', () => {
  it('adds 1 / (60 + rank) from each list and sorts by the sum', () => {
    const fused = fuse([
      [
        { id: 'a', score: 9 },
        { id: 'b', score: 5 },
      ],
      [
        { id: 'b', score: 0.9 },
        { id: 'c', score: 0.8 },
      ],
    ]);
    expect(fused.map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[1]!.score).toBeCloseTo(1 / 61, 12);
  });
});
