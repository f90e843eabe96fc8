/**
 * What a verified access token says: whose it is, the session it was issued for, and when it stops being valid (ms
 * since the epoch).
 */
export interface VerifiedToken {
  userId: string;
  sessionId: string;
  expiresAtMs: number;
}

/** Enough for every token in use on one busy instance; at ~300 bytes a token the cache stays under ~5 MB. */
export const TOKEN_CACHE_MAX = 10_000;

/**
 * Access tokens already verified, by their exact text, so a client's many requests within a token's 15 minutes
 * pay for one HMAC check (jose's WebCrypto verify was ~1.4 ms of CPU a request) instead of one each. Safe because a
 * JWT cannot change: the same string has the same signature and claims. An entry is dropped at the token's `exp`
 * (jose refuses a token once `exp <= now`, so does `get`), and the least recently used entry makes room when the
 * cache is full. Only successes are cached: a bad token is verified (and refused) every time.
 *
 * Only the signature is cached, never whether the token's session is alive: the guard reads the session with the
 * user on every request, so a token is refused the moment its session ends (logout, reuse, a password reset).
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, VerifiedToken>();

  constructor(
    private readonly max = TOKEN_CACHE_MAX,
    private readonly nowMs: () => number = () => Date.now(),
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The token's claims while it is unexpired; an expired entry is dropped. */
  get(token: string): VerifiedToken | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    this.entries.delete(token);
    if (this.nowMs() >= hit.expiresAtMs) return undefined;
    this.entries.set(token, hit); // most recently used goes last
    return hit;
  }

  set(token: string, verified: VerifiedToken): void {
    this.entries.delete(token);
    while (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(token, verified);
  }
}
