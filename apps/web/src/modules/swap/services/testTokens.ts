/** Token list entries for the swap module's tests. */
import type { Address } from 'viem'
import type { TokenInfo } from './tradingApi.ts'

/** A verified, fee-free 18-decimal ERC-20 priced at $1, named after its symbol, with `extra` on top. */
export function testToken(symbol: string, address: Address, extra: Partial<TokenInfo> = {}): TokenInfo {
  return {
    address,
    symbol,
    name: symbol,
    decimals: 18,
    priceUsd: 1,
    native: false,
    kind: 'erc20',
    safety: 'verified',
    transferFeeBps: 0,
    ...extra,
  }
}

/** The address whose number is `n` (0x00…0n). */
export const testAddress = (n: number): Address => `0x${n.toString(16).padStart(40, '0')}`
