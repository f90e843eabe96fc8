/** A small seeded PRNG (mulberry32), so every run and both dialects get the same data. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Skewed towards the start of the list (roughly Zipf-like): common words are picked far more often. */
  pickSkewed<T>(items: readonly T[]): T {
    const r = this.next();
    return items[Math.floor(r * r * r * items.length)]!;
  }

  /** A random version-4-shaped UUID drawn from this generator. */
  uuid(): string {
    const word = () =>
      Math.floor(this.next() * 4294967296)
        .toString(16)
        .padStart(8, '0');
    const h = word() + word() + word() + word();
    const variant = '89ab'[Math.floor(this.next() * 4)]!;
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}
