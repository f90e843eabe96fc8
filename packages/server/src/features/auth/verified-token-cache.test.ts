import { describe, expect, it } from 'vitest';
import { VerifiedTokenCache } from './verified-token-cache';

describe('VerifiedTokenCache', () => {
  it('answers a cached token until its expiry, then forgets it', () => {
    let now = 1_000;
    const cache = new VerifiedTokenCache(10, () => now);
    cache.set('a', { userId: 'u1', sessionId: 's1', expiresAtMs: 2_000 });
    expect(cache.get('a')).toEqual({ userId: 'u1', sessionId: 's1', expiresAtMs: 2_000 });
    now = 1_999;
    expect(cache.get('a')?.userId).toBe('u1');
    now = 2_000; // jose refuses a token once exp <= now, and so does the cache
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.get('unknown')).toBeUndefined();
  });

  it('stays within its bound, dropping the least recently used token', () => {
    const cache = new VerifiedTokenCache(3, () => 0);
    const entry = (userId: string) => ({ userId, sessionId: `s${userId}`, expiresAtMs: 1_000 });
    cache.set('a', entry('1'));
    cache.set('b', entry('2'));
    cache.set('c', entry('3'));
    expect(cache.get('a')?.userId).toBe('1'); // now b is the oldest use
    cache.set('d', entry('4'));
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((t) => cache.get(t)?.userId)).toEqual(['1', '3', '4']);
    for (let i = 0; i < 100; i += 1) cache.set(`t${i}`, entry(String(i)));
    expect(cache.size).toBe(3);
    cache.set('t99', entry('again')); // replacing a token does not evict another
    expect(cache.size).toBe(3);
    expect(cache.get('t98')?.userId).toBe('98');
  });
});
