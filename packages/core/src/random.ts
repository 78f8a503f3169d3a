/**
 * A deterministic pseudo-random sequence (mulberry32: tiny, fast, well distributed): the same seed
 * always gives the same numbers in [0, 1). A string seed is hashed to its 32-bit start state, so
 * names like 'oxbow:ethereum' can seed a sequence. Not for anything secret.
 */
export function seededRandom(seed: number | string): () => number {
  let state = (typeof seed === 'string' ? hashSeed(seed) : seed) >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function hashSeed(seed: string): number {
  let h = 1779033703 ^ seed.length
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353)
    h = (h << 13) | (h >>> 19)
  }
  return h
}
