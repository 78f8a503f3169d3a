/** Price and tick helpers for seeding (float precision is plenty for choosing seed prices). */
export const MAX_TICK = 887272
const Q96 = 2 ** 96

/** Amount in base units worth `usd` of a token priced `priceUsd`. */
export function amountForUsd(usd: number, priceUsd: number, decimals: number): bigint {
  const units = usd / priceUsd
  // Split to keep precision for large decimals.
  const scaled = units * 10 ** Math.min(decimals, 12)
  return BigInt(Math.floor(scaled)) * 10n ** BigInt(Math.max(decimals - 12, 0))
}

/** Price of token0 in token1, in base units (what a pool's sqrtPrice encodes). */
export function rawPrice(p0Usd: number, d0: number, p1Usd: number, d1: number): number {
  return (p0Usd / p1Usd) * 10 ** (d1 - d0)
}

export function sqrtPriceX96(price: number): bigint {
  return BigInt(Math.floor(Math.sqrt(price) * Q96))
}

export function tickAt(price: number): number {
  return Math.floor(Math.log(price) / Math.log(1.0001))
}

export function alignTick(tick: number, spacing: number, mode: 'down' | 'up'): number {
  const aligned = mode === 'down' ? Math.floor(tick / spacing) * spacing : Math.ceil(tick / spacing) * spacing
  const limit = Math.floor(MAX_TICK / spacing) * spacing
  return Math.max(-limit, Math.min(limit, aligned))
}

export function fullRange(spacing: number): [number, number] {
  const limit = Math.floor(MAX_TICK / spacing) * spacing
  return [-limit, limit]
}

/** Range of ticks around `price` covering ±band (aligned outward to the spacing). */
export function bandRange(price: number, band: number, spacing: number): [number, number] {
  return [
    alignTick(tickAt(price * (1 - band)), spacing, 'down'),
    alignTick(tickAt(price * (1 + band)), spacing, 'up'),
  ]
}

/** Liquidity for amounts in a range (v3/v4 formula), slightly under so the maxima hold. */
export function liquidityFor(
  price: number,
  lower: number,
  upper: number,
  amount0: bigint,
  amount1: bigint,
): bigint {
  const sp = Math.sqrt(price)
  const sa = Math.sqrt(1.0001 ** lower)
  const sb = Math.sqrt(1.0001 ** upper)
  const a0 = Number(amount0)
  const a1 = Number(amount1)
  let liquidity: number
  if (sp <= sa) liquidity = (a0 * sa * sb) / (sb - sa)
  else if (sp >= sb) liquidity = a1 / (sb - sa)
  else liquidity = Math.min((a0 * sp * sb) / (sb - sp), a1 / (sp - sa))
  return BigInt(Math.floor(liquidity * 0.995))
}
