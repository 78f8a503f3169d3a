/**
 * The create flow's liquidity-depth chart in tick space: which ticks it shows, where a tick sits on
 * it, and which usable tick a drag or a key press lands on. The chart reads prices as the user does
 * (token B per token A): when A is the pool's token1 that price falls as the tick rises, so the
 * chart's axis runs the other way (`reversed`).
 */
import { fullRangeTicks } from './positionMath.ts'

export interface ChartDomain {
  /** Lowest and highest tick shown. */
  readonly from: number
  readonly to: number
  /** True when the price the user reads rises as the tick falls (A is token1). */
  readonly reversed: boolean
}

/** Half the width shown around the current tick when no range is chosen: some ±25 % of price. */
const DEFAULT_HALF_WIDTH = 2232

/**
 * The ticks the chart shows: the current tick in the middle and the chosen range (when not full)
 * inside, with a third of the widest side as margin; never past the usable full range.
 */
export function chartDomain(
  tick: number,
  range: { tickLower: number; tickUpper: number } | null,
  tickSpacing: number,
  reversed: boolean,
): ChartDomain {
  const full = fullRangeTicks(tickSpacing)
  let half = DEFAULT_HALF_WIDTH
  if (range && !(range.tickLower <= full.tickLower && range.tickUpper >= full.tickUpper)) {
    half = Math.max(Math.abs(range.tickLower - tick), Math.abs(range.tickUpper - tick), tickSpacing * 4)
    half = Math.ceil(half * 1.35)
  }
  return {
    from: Math.max(full.tickLower, Math.floor(tick - half)),
    to: Math.min(full.tickUpper, Math.ceil(tick + half)),
    reversed,
  }
}

/** Where a tick sits on the chart, 0 (left, lowest price) .. 1 (right), not clamped. */
export function fractionOfTick(domain: ChartDomain, tick: number): number {
  const f = (tick - domain.from) / Math.max(1, domain.to - domain.from)
  return domain.reversed ? 1 - f : f
}

/** The usable tick nearest a point on the chart (0..1, clamped), within the full range. */
export function tickAtFraction(domain: ChartDomain, fraction: number, tickSpacing: number): number {
  const f = Math.min(1, Math.max(0, fraction))
  const raw = domain.from + (domain.reversed ? 1 - f : f) * (domain.to - domain.from)
  return clampTick(Math.round(raw / tickSpacing) * tickSpacing, tickSpacing)
}

/**
 * One key press: `steps` usable ticks towards a higher price the user reads (negative: lower);
 * the tick moves the other way when the axis is reversed.
 */
export function stepTick(tick: number, steps: number, tickSpacing: number, reversed: boolean): number {
  const aligned = Math.round(tick / tickSpacing) * tickSpacing
  return clampTick(aligned + (reversed ? -steps : steps) * tickSpacing, tickSpacing)
}

function clampTick(tick: number, tickSpacing: number): number {
  const full = fullRangeTicks(tickSpacing)
  return Math.min(full.tickUpper, Math.max(full.tickLower, tick))
}

/**
 * A dragged bound kept at least one spacing inside the other: `bound` is the min or max price the
 * user reads, `tick` where it was dragged to, `other` the other bound's tick.
 */
export function keepApart(
  bound: 'min' | 'max',
  tick: number,
  other: number,
  tickSpacing: number,
  reversed: boolean,
): number {
  // In the user's reading, min is below max: in ticks, min is below max unless reversed.
  const minIsLowerTick = !reversed
  const belowOther = (bound === 'min') === minIsLowerTick
  return belowOther ? Math.min(tick, other - tickSpacing) : Math.max(tick, other + tickSpacing)
}

export interface DepthBar {
  /** 0..1 from the left, clamped to the chart. */
  readonly x: number
  readonly width: number
  /** 0..1 of the highest liquidity shown. */
  readonly height: number
  /** The range holds the current tick. */
  readonly current: boolean
}

/**
 * Bars from the indexer's active liquidity per initialized-tick range (each from its tick to the
 * next one's), clipped to the chart.
 */
export function depthBars(
  domain: ChartDomain,
  ranges: readonly { tick: number; liquidity: bigint }[],
  tick: number,
): DepthBar[] {
  const shown: { a: number; b: number; liquidity: number; current: boolean }[] = []
  for (let i = 0; i < ranges.length - 1; i++) {
    const start = ranges[i] as { tick: number; liquidity: bigint }
    const end = (ranges[i + 1] as { tick: number }).tick
    if (end <= domain.from || start.tick >= domain.to || start.liquidity <= 0n) continue
    const a = Math.max(start.tick, domain.from)
    const b = Math.min(end, domain.to)
    shown.push({ a, b, liquidity: Number(start.liquidity), current: start.tick <= tick && tick < end })
  }
  const max = Math.max(0, ...shown.map((s) => s.liquidity)) || 1
  return shown.map((s) => {
    const x1 = fractionOfTick(domain, s.a)
    const x2 = fractionOfTick(domain, s.b)
    return {
      x: Math.min(x1, x2),
      width: Math.abs(x2 - x1),
      height: s.liquidity / max,
      current: s.current,
    }
  })
}
