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

/** The code prefix of an EIP-7702 delegation designator. */
export const DELEGATION_DESIGNATOR_PREFIX = '0xef0100'

/** The address an account's code delegates to, or null when the code is not a designator. */
export function delegateOf(code: Hex | undefined): Address | null {
  if (!code || code.length !== 2 + 46) return null
  if (!code.toLowerCase().startsWith(DELEGATION_DESIGNATOR_PREFIX)) return null
  const target = getAddress(`0x${code.slice(8)}`)
  return target === '0x0000000000000000000000000000000000000000' ? null : target
}
