/**
 * What a mined swap's receipt says moved: the ERC-20 Transfer logs to or from the swapper, and for
 * native output the WETH the router unwrapped. The swap flow reads the amounts a swap really paid and
 * received from here.
 */
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import type { TransactionLog } from '../../wallet/index.ts'

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

const topicOf = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`

/** Sum of an ERC-20's Transfer logs from/to `account` in a receipt (undefined if there is none). */
export function transferred(
  logs: readonly TransactionLog[],
  token: string,
  account: string,
  direction: 'from' | 'to',
): bigint | undefined {
  if (token.toLowerCase() === NATIVE_CURRENCY_ADDRESS) return undefined
  const topic = topicOf(account)
  let total: bigint | undefined
  for (const log of logs) {
    if (log.address.toLowerCase() !== token.toLowerCase() || log.topics[0] !== TRANSFER_TOPIC) continue
    const party = direction === 'from' ? log.topics[1] : log.topics[2]
    if (party?.toLowerCase() !== topic || log.data.length < 3) continue
    total = (total ?? 0n) + BigInt(log.data)
  }
  return total
}

const WITHDRAWAL_TOPIC = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65'

/**
 * Native currency the router paid out by unwrapping WETH (its `Withdrawal` logs, src = the router),
 * or undefined when it unwrapped nothing (a v4 pool can pay native directly: then the quote stands).
 */
export function unwrappedBy(logs: readonly TransactionLog[], router: string): bigint | undefined {
  const topic = topicOf(router)
  let total: bigint | undefined
  for (const log of logs) {
    if (log.topics[0] !== WITHDRAWAL_TOPIC || log.topics[1]?.toLowerCase() !== topic || log.data.length < 3)
      continue
    total = (total ?? 0n) + BigInt(log.data)
  }
  return total
}

/** What the swapper received: ERC-20 Transfer logs to them, or for native output what the router unwrapped. */
export function receivedOf(logs: readonly TransactionLog[], token: string, swapper: string, router: string) {
  return token.toLowerCase() === NATIVE_CURRENCY_ADDRESS
    ? unwrappedBy(logs, router)
    : transferred(logs, token, swapper, 'to')
}
