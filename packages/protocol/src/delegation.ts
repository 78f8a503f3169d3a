/**
 * EIP-7702 smart-wallet delegation: the one home of the delegate's batch ABI and of reading an
 * account's delegation from its code (`0xef0100 || delegate address`, 23 bytes).
 */
import { type Address, getAddress, type Hex, parseAbi } from 'viem'

/** Simple7702Account (@account-abstraction/contracts 0.8.0): what a delegated EOA can execute. */
export const simple7702AccountAbi = parseAbi([
  'struct Call { address target; uint256 value; bytes data; }',
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch(Call[] calls)',
])

/**
 * Where Simple7702Account lives: deployed through the deterministic CREATE2 proxy with salt 0, so
 * one address on every network (the devnet checks this when it deploys).
 */
export const SIMPLE_7702_ACCOUNT_ADDRESS: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'

/** The code prefix of an EIP-7702 delegation designator. */
export const DELEGATION_DESIGNATOR_PREFIX = '0xef0100'

/** The address an account's code delegates to, or null when the code is not a designator. */
export function delegateOf(code: Hex | undefined): Address | null {
  if (!code || code.length !== 2 + 46) return null
  if (!code.toLowerCase().startsWith(DELEGATION_DESIGNATOR_PREFIX)) return null
  const target = getAddress(`0x${code.slice(8)}`)
  return target === '0x0000000000000000000000000000000000000000' ? null : target
}
