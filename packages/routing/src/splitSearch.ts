/** Split optimisation: the best division of an amount across non-overlapping paths (greedy chunks, then a hill climb). */
import { type PathQuote, quotePathExactIn, quotePathExactOut } from './pathQuote.ts'
import type { Path } from './paths.ts'

export interface Candidate {
  readonly path: Path
  readonly poolIds: readonly string[]
  readonly cache: Map<bigint, PathQuote | null>
}

export function evaluate(c: Candidate, amount: bigint, exactIn: boolean): PathQuote | undefined {
  if (amount <= 0n) return undefined
  let q = c.cache.get(amount)
  if (q === undefined) {
    q = (exactIn ? quotePathExactIn(c.path, amount) : quotePathExactOut(c.path, amount)) ?? null
    c.cache.set(amount, q)
  }
  return q ?? undefined
}

function conflicts(a: Candidate, b: Candidate): boolean {
  return a.path.pools.some((p) => p.kind !== 'wrap' && b.poolIds.includes(p.id))
}
export type Legs = { c: Candidate; amount: bigint }[]

export function splitSearch(
  pool: Candidate[],
  amount: bigint,
  steps: number,
  maxSplits: number,
  exactIn: boolean,
  value: (q: PathQuote) => bigint,
  gasCost: (gas: bigint) => bigint,
  seeds: readonly (Candidate | undefined)[],
): { legs: Legs; score: bigint } | undefined {
  const S = BigInt(steps)
  const piece = (n: number): bigint => (amount * BigInt(n)) / S
  // net value of a leg (memoised per candidate: the refinement asks for the same amounts often)
  const nets = new Map<Candidate, Map<bigint, bigint | null>>()
  const legValue = (c: Candidate, amt: bigint): bigint | undefined => {
    if (amt === 0n) return 0n
    let known = nets.get(c)
    if (!known) {
      known = new Map()
      nets.set(c, known)
    }
    let v = known.get(amt)
    if (v === undefined) {
      const q = evaluate(c, amt, exactIn)
      v = q ? value(q) - gasCost(BigInt(q.gas)) : null
      known.set(amt, v)
    }
    return v ?? undefined
  }
  const total = (ls: Legs): bigint | undefined => {
    let sum = 0n
    for (const l of ls) {
      const v = legValue(l.c, l.amount)
      if (v === undefined) return undefined
      sum += v
    }
    return sum
  }

  // Greedy in 1/steps chunks: each chunk goes to the path with the best marginal output (gas
  // counted once per leg). Overlapping paths exclude each other, so the result depends on which
  // path takes the first chunk: it runs once per seed and keeps the best.
  const P = pool.length
  // whether two candidates share a pool, computed when first asked (the greedy asks only about
  // the few paths in use)
  const clashMemo: (boolean | undefined)[][] = pool.map(() => new Array<boolean | undefined>(P))
  const clash = (i: number, j: number): boolean => {
    const row = clashMemo[i] as (boolean | undefined)[]
    let v = row[j]
    if (v === undefined) {
      v = i !== j && conflicts(pool[i] as Candidate, pool[j] as Candidate)
      row[j] = v
    }
    return v
  }
  const pieces = Array.from({ length: steps + 2 }, (_, n) => piece(n))
  // raw value and gas cost of path i carrying n chunks (null: cannot fill)
  const raw: (bigint | null | undefined)[][] = pool.map(() => new Array(steps + 2))
  const gasOf: bigint[][] = pool.map(() => new Array(steps + 2).fill(0n))
  const rawAt = (i: number, n: number): bigint | null => {
    const row = raw[i] as (bigint | null | undefined)[]
    let v = row[n]
    if (v === undefined) {
      if (n === 0) v = 0n
      else {
        const q = evaluate(pool[i] as Candidate, pieces[n] as bigint, exactIn)
        v = q ? value(q) : null
        if (q) (gasOf[i] as bigint[])[n] = gasCost(BigInt(q.gas))
      }
      row[n] = v
    }
    return v
  }
  // net gain of path i's chunk n+1 (null: cannot fill); the first chunk's gas is left out so
  // small first chunks still get tried. The same for every seed, so computed once.
  const gains: (bigint | null | undefined)[][] = pool.map(() => new Array(steps + 1))
  const gainAt = (i: number, n: number): bigint | null => {
    const row = gains[i] as (bigint | null | undefined)[]
    let v = row[n]
    if (v === undefined) {
      const before = rawAt(i, n)
      const after = rawAt(i, n + 1)
      const g = gasOf[i] as bigint[]
      v =
        before === null || after === null
          ? null
          : after - before - (n === 0 ? 0n : (g[n + 1] as bigint) - (g[n] as bigint))
      row[n] = v
    }
    return v
  }
  let best: { legs: Legs; score: bigint } | undefined
  for (const seed of seeds) {
    const parts = new Array<number>(P).fill(0)
    const used: number[] = []
    const seedIndex = seed ? pool.indexOf(seed) : -1
    if (seedIndex >= 0) {
      parts[seedIndex] = 1
      used.push(seedIndex)
    }
    let failed = false
    for (let step = used.length; step < steps; step++) {
      let pick = -1
      let pickGain = 0n
      for (let i = 0; i < P; i++) {
        const n = parts[i] as number
        if (n === 0) {
          if (used.length >= maxSplits) continue
          let blocked = false
          for (const u of used) {
            if (clash(i, u)) {
              blocked = true
              break
            }
          }
          if (blocked) continue
        }
        const gain = gainAt(i, n)
        if (gain === null) continue
        if (pick < 0 || gain > pickGain) {
          pick = i
          pickGain = gain
        }
      }
      if (pick < 0) {
        failed = true
        break
      }
      if (parts[pick] === 0) used.push(pick)
      parts[pick] = (parts[pick] as number) + 1
    }
    if (failed) continue
    const legs: Legs = used.map((i) => ({
      c: pool[i] as Candidate,
      amount: pieces[parts[i] as number] as bigint,
    }))
    fixTotal(legs, amount)
    const score = total(legs)
    if (score !== undefined && (best === undefined || score > best.score)) best = { legs, score }
  }
  if (!best) return undefined

  // Refinement: move ever smaller amounts from the leg that loses least to the leg (possibly a
  // new, non-overlapping path) that gains most, while the net improves.
  const legs: Legs = best.legs.map((l) => ({ ...l }))
  for (const c of pool) {
    if (legs.length >= legs.filter((l) => l.amount > 0n).length + 3) break
    if (!legs.some((l) => l.c === c || conflicts(l.c, c))) legs.push({ c, amount: 0n })
  }
  for (let div = BigInt(steps * 2); div <= BigInt(steps * 64); div *= 2n) {
    const delta = amount / div
    if (delta === 0n) break
    for (let round = 0; round < 30; round++) {
      const used = legs.filter((l) => l.amount > 0n).length
      let giver = -1
      let giverLoss: bigint | undefined
      let taker = -1
      let takerGain: bigint | undefined
      for (let i = 0; i < legs.length; i++) {
        const l = legs[i] as Legs[number]
        const now = legValue(l.c, l.amount)
        if (now === undefined) continue
        if (l.amount >= delta) {
          const less = legValue(l.c, l.amount - delta)
          if (less !== undefined && (giverLoss === undefined || now - less < giverLoss)) {
            giver = i
            giverLoss = now - less
          }
        }
        if (l.amount === 0n && used >= maxSplits) continue
        const more = legValue(l.c, l.amount + delta)
        if (more !== undefined && (takerGain === undefined || more - now > takerGain)) {
          taker = i
          takerGain = more - now
        }
      }
      if (giver < 0 || taker < 0 || giver === taker) break
      if ((takerGain as bigint) <= (giverLoss as bigint)) break
      ;(legs[giver] as Legs[number]).amount -= delta
      ;(legs[taker] as Legs[number]).amount += delta
    }
  }
  const final = legs.filter((l) => l.amount > 0n)
  const finalScore = total(final)
  return finalScore === undefined ? best : { legs: final, score: finalScore }
}

function fixTotal(legs: { c: Candidate; amount: bigint }[], amount: bigint): void {
  const sum = legs.reduce((s, l) => s + l.amount, 0n)
  const first = legs[0]
  if (first) first.amount += amount - sum
}
