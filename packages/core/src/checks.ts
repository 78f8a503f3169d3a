import {
  MAX_DEADLINE_SECONDS,
  MAX_OPEN_LIMIT_ORDERS,
  NETWORK_COST_WARNING_RATIO,
  OPEN_LIMIT_ORDERS_WARNING_AT,
  SMALL_BALANCE_THRESHOLD_USD,
} from './constants.ts'

/** The spec's swap warning: the network cost is above 10% of the transaction's value. */
export function isNetworkCostHigh(networkCostUsd: number, valueUsd: number): boolean {
  if (!(networkCostUsd > 0)) return false
  if (!(valueUsd > 0)) return true
  return networkCostUsd > valueUsd * NETWORK_COST_WARNING_RATIO
}

/** 'Hide small balances' hides balances under 1 USD (an unknown value is not hidden). */
export function isSmallBalance(balanceUsd: number | null | undefined): boolean {
  return (
    typeof balanceUsd === 'number' && Number.isFinite(balanceUsd) && balanceUsd < SMALL_BALANCE_THRESHOLD_USD
  )
}

/** Open limit orders: 'near' from the warning threshold on, 'full' at the maximum (no new order). */
export function limitOrderCapacity(openOrders: number): 'ok' | 'near' | 'full' {
  if (openOrders >= MAX_OPEN_LIMIT_ORDERS) return 'full'
  return openOrders >= OPEN_LIMIT_ORDERS_WARNING_AT ? 'near' : 'ok'
}

/** A swap deadline in seconds is valid when positive, whole and at most 3 days. */
export function isValidDeadline(seconds: number): boolean {
  return Number.isInteger(seconds) && seconds > 0 && seconds <= MAX_DEADLINE_SECONDS
}
