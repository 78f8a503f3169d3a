/** A v4 pool's key, its ABI shape and its id (keccak256 of the encoded key, as the PoolManager computes it). */
import { type Address, encodeAbiParameters, type Hex, keccak256 } from 'viem'

export interface PoolKey {
  readonly currency0: Address
  readonly currency1: Address
  /** Fee in hundredths of a basis point, or the dynamic-fee flag. */
  readonly fee: number
  readonly tickSpacing: number
  /** The hook contract, or the zero address for none. */
  readonly hooks: Address
}

export const poolKeyParameter = {
  type: 'tuple',
  components: [
    { name: 'currency0', type: 'address' },
    { name: 'currency1', type: 'address' },
    { name: 'fee', type: 'uint24' },
    { name: 'tickSpacing', type: 'int24' },
    { name: 'hooks', type: 'address' },
  ],
} as const

export function poolIdOf(key: PoolKey): Hex {
  return keccak256(encodeAbiParameters([poolKeyParameter], [key]))
}
