/**
 * A position's result against simply holding the tokens it was opened with (issue #13, "beyond the
 * peers"). The history (what went in, what came out) is the indexer's; what the position holds and
 * what it has unclaimed now are read from the chain; everything is valued at today's prices, so the
 * comparison is: the same deposits kept in the wallet vs. what providing liquidity left you with.
 */
/** The position's history as the indexer records it (base units; `openedAt` in unix seconds). */
export interface PositionHistory {
  readonly deposited0: bigint
  readonly deposited1: bigint
  /** Principal taken out by decreases. */
  readonly withdrawn0: bigint
  readonly withdrawn1: bigint
  /** v3: everything `collect` paid (withdrawn principal included); v4: the fees paid out; v2: the fees inside withdrawals. */
  readonly collected0: bigint
  readonly collected1: bigint
  readonly openedAt: number
}

/**
 * Fees the position has earned since it was opened, collected or not. v3's collect pays the
 * principal of decreases too (it waits as owed tokens until collected), so its fees are everything
 * collected and still collectable less the principal withdrawn; v4 pays fees on every modification
 * and the indexer counts them apart from the principal.
 */
export function feesEarned(
  version: 'v3' | 'v4',
  history: PositionHistory,
  unclaimed0: bigint,
  unclaimed1: bigint,
): { fees0: bigint; fees1: bigint } {
  if (version === 'v4') {
    return { fees0: history.collected0 + unclaimed0, fees1: history.collected1 + unclaimed1 }
  }
  const net = (collected: bigint, unclaimed: bigint, withdrawn: bigint) => {
    const fees = collected + unclaimed - withdrawn
    return fees > 0n ? fees : 0n
  }
  return {
    fees0: net(history.collected0, unclaimed0, history.withdrawn0),
    fees1: net(history.collected1, unclaimed1, history.withdrawn1),
  }
}

/** A v2 LP history: withdrawals include their fees (collected); the LP tokens held carry a basis. */
export interface V2PositionHistory extends PositionHistory {
  /** The LP tokens the indexer counts the owner holding. */
  readonly lpBalance: bigint
  /** The invariant √(x·y) the LP tokens held were acquired with (`@oxbow/routing/v2Liquidity` v2Invariant). */
  readonly basisInvariant: bigint
}

export interface HoldComparison {
  /** The deposits, had they stayed in the wallet, at today's prices. */
  readonly holdValue: number
  /** The principal: what the position holds now plus what was withdrawn, at today's prices. */
  readonly principalValue: number
  readonly feesValue: number
  /** principal − hold: negative is a loss against holding. */
  readonly impermanentLoss: number
  /** Impermanent loss as a share of the hold value, in percent. */
  readonly impermanentLossPercent: number
  /** impermanent loss + fees: the position's result against holding. */
  readonly net: number
  readonly netPercent: number
}

export interface ComparisonInput {
  readonly history: PositionHistory
  /** What removing all of the position would pay now. */
  readonly amount0: bigint
  readonly amount1: bigint
  /** Fees earned since the position was opened (`feesEarned`). */
  readonly fees0: bigint
  readonly fees1: bigint
  readonly decimals0: number
  readonly decimals1: number
  /** Display-currency-neutral prices (USD per whole token); null when unpriced. */
  readonly price0: number | null
  readonly price1: number | null
}

const whole = (amount: bigint, decimals: number) => Number(amount) / 10 ** decimals

/**
 * Position vs holding at today's prices. Null when nothing was deposited (no history) or a token
 * that matters is unpriced.
 */
export function compareWithHolding(input: ComparisonInput): HoldComparison | null {
  const { history: h, decimals0, decimals1 } = input
  if (h.deposited0 === 0n && h.deposited1 === 0n) return null
  const value = (amount0: bigint, amount1: bigint): number | null => {
    if ((amount0 !== 0n && input.price0 === null) || (amount1 !== 0n && input.price1 === null)) return null
    return whole(amount0, decimals0) * (input.price0 ?? 0) + whole(amount1, decimals1) * (input.price1 ?? 0)
  }
  const holdValue = value(h.deposited0, h.deposited1)
  const principalValue = value(input.amount0 + h.withdrawn0, input.amount1 + h.withdrawn1)
  const feesValue = value(input.fees0, input.fees1)
  if (holdValue === null || principalValue === null || feesValue === null || holdValue <= 0) return null
  const impermanentLoss = principalValue - holdValue
  const net = impermanentLoss + feesValue
  return {
    holdValue,
    principalValue,
    feesValue,
    impermanentLoss,
    impermanentLossPercent: (impermanentLoss / holdValue) * 100,
    net,
    netPercent: (net / holdValue) * 100,
  }
}
