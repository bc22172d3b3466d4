/**
 * Seeded randomness for the label generator: every choice comes from one of these, so a seed
 * replays the same labels. Each label gets its own stream (seed, index), so label 1234 of a run is
 * the same whatever was drawn before it.
 */

/** sfc32: a small, fast 32-bit generator with a long period, seeded from four words. */
function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/** 32-bit FNV-1a of a string, mixed: turns '<seed>/<index>/<stream>' into seed words. */
function hash(s: string, salt: number): number {
  let h = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return h >>> 0;
}

export class Rng {
  private readonly next: () => number;
  readonly key: string;
  constructor(key: string) {
    this.key = key;
    this.next = sfc32(hash(key, 1), hash(key, 2), hash(key, 3), hash(key, 4));
    for (let i = 0; i < 12; i++) this.next();
  }

  /** An independent stream for a part of the work (content, layout, image), so adding a choice in one part leaves the others as they were. */
  fork(name: string | number): Rng {
    return new Rng(`${this.key}/${name}`);
  }

  float(min = 0, max = 1): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new Error("pick from nothing");
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [v, w] of items) {
      r -= w;
      if (r < 0) return v;
    }
    return items[items.length - 1][0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  digits(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += String(Math.floor(this.next() * 10));
    return s;
  }

  chars(n: number, alphabet: string): string {
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }

  /** A normal deviate (Box-Muller), for noise. */
  gauss(): number {
    const u = Math.max(this.next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
}

/** A fresh seed when none is given: printed by every run so a failure can be replayed with SEED=…. */
export function freshSeed(): string {
  return String(Math.floor(Math.random() * 2 ** 32));
}
