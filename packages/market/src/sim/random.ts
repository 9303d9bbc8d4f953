/**
 * Keyed randomness: every random number of the simulated market is a pure function of the seed
 * and a key (symbol, date, minute...), so any instant can be computed without replaying history
 * and the same seed always gives the same market.
 */

/** murmur3's finaliser: a fast, well-mixed 32-bit permutation. */
export function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function combine(a: number, b: number): number {
  return mix32(a ^ mix32((b + 0x9e3779b9) | 0));
}

/** FNV-1a over the text, then mixed. */
export function hashText(text: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

export type KeyPart = string | number;

export function hashKey(seed: number, parts: readonly KeyPart[]): number {
  let h = seed;
  for (const part of parts) h = combine(h, typeof part === "number" ? part | 0 : hashText(part));
  return h;
}

/** A uniform number in (0, 1) from 32 bits; never exactly 0, so logarithms are safe. */
export function unitFromHash(hash: number): number {
  return (hash + 0.5) / 4_294_967_296;
}

/** A standard normal number from two hashes (Box-Muller). */
export function normalFromHashes(a: number, b: number): number {
  return Math.sqrt(-2 * Math.log(unitFromHash(a))) * Math.cos(2 * Math.PI * unitFromHash(b));
}

/** Random numbers for one seed, addressed by key. */
export class KeyedRandom {
  readonly seedHash: number;

  constructor(seed: string) {
    this.seedHash = hashText(seed, 0x5eed);
  }

  hash(...parts: KeyPart[]): number {
    return hashKey(this.seedHash, parts);
  }

  uniform(...parts: KeyPart[]): number {
    return unitFromHash(this.hash(...parts));
  }

  normal(...parts: KeyPart[]): number {
    const base = this.hash(...parts);
    return normalFromHashes(base, combine(base, 0x2545f491));
  }

  /** A whole number in [min, max]. */
  integer(min: number, max: number, ...parts: KeyPart[]): number {
    return min + Math.floor(this.uniform(...parts) * (max - min + 1));
  }

  pick<T>(items: readonly T[], ...parts: KeyPart[]): T {
    if (items.length === 0) throw new RangeError("pick from an empty list");
    return items[Math.floor(this.uniform(...parts) * items.length)]!;
  }
}

/**
 * A sequence of standard normals from one base hash, for paths with hundreds of steps where
 * hashing a text key per step would be wasteful.
 */
export function normalSequence(base: number, length: number): Float64Array {
  const values = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const a = combine(base, 2 * i + 1);
    values[i] = normalFromHashes(a, combine(a, 2 * i + 2));
  }
  return values;
}
