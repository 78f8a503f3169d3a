import { decodeErrorResult, type Hex, size, slice } from 'viem'
import { errorSignatureBySelector, protocolErrorsAbi } from './selectors.ts'

export interface DecodedRevert {
  /** The first four bytes of the revert data, or `0x` when the revert carried no data. */
  readonly selector: Hex
  /** Error name (`PoolNotInitialized`), `Error`/`Panic` for Solidity's built-ins, or null if unknown. */
  readonly name: string | null
  /** Full signature (`WrappedError(address,bytes4,bytes,bytes)`) or null if unknown. */
  readonly signature: string | null
  readonly args: readonly unknown[]
  /** For v4's `WrappedError` (a hook or token reverted inside the PoolManager): the inner revert. */
  readonly inner?: DecodedRevert
}

const builtins: Record<string, string> = {
  '0x08c379a0': 'Error(string)',
  '0x4e487b71': 'Panic(uint256)',
}
const builtinAbi = [
  { type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] },
  { type: 'error', name: 'Panic', inputs: [{ name: 'code', type: 'uint256' }] },
] as const

/** Maps a raw revert selector of the Uniswap contracts to its error signature, or null. */
export function errorSignatureOf(selector: Hex): string | null {
  const key = selector.toLowerCase()
  return errorSignatureBySelector[key] ?? builtins[key] ?? null
}

/**
 * Decodes raw revert data from any deployed Uniswap contract (v2/v3/v4, Permit2, Universal Router,
 * UniswapX) into a name and arguments; unwraps v4's `WrappedError` one level deep.
 */
export function decodeRevert(data: Hex): DecodedRevert {
  if (size(data) < 4) return { selector: '0x', name: null, signature: null, args: [] }
  const selector = slice(data, 0, 4)
  const signature = errorSignatureOf(selector)
  if (signature === null) return { selector, name: null, signature: null, args: [] }
  try {
    const decoded = decodeErrorResult({ abi: [...protocolErrorsAbi, ...builtinAbi], data })
    const args = decoded.args ?? []
    const result: DecodedRevert = { selector, name: decoded.errorName, signature, args }
    if (decoded.errorName === 'WrappedError' && typeof args[2] === 'string') {
      return { ...result, inner: decodeRevert(args[2] as Hex) }
    }
    return result
  } catch {
    return { selector, name: signature.slice(0, signature.indexOf('(')), signature, args: [] }
  }
}
