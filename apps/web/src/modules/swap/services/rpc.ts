import { CoreError, NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import type { Address } from 'viem'
import { getRuntimeConfig } from '../../config/index.ts'

/**
 * A tiny JSON-RPC client for the swap screen's reads (balances, token metadata, contract check).
 * It lives in the entry bundle, so it carries no viem: one `fetch` POST of a JSON-RPC batch, and
 * the few ABI shapes it needs decoded by hand. Every answer is validated; token names and symbols
 * come from arbitrary contracts and are treated as hostile (see `sanitizeTokenText`).
 */

export type RpcErrorCode =
  /** The runtime config has no RPC URL for the network. */
  | 'NO_RPC_URL'
  /** The node could not be reached. */
  | 'NETWORK_ERROR'
  /** The node answered, but not with a JSON-RPC answer to what was asked. */
  | 'INVALID_RESPONSE'
  /** The node refused the whole request (HTTP error or a batch-level JSON-RPC error). */
  | 'RPC_ERROR'
  | 'INVALID_ARGUMENT'
  /** readErc20Metadata: nothing is deployed at the address. */
  | 'NOT_A_CONTRACT'
  /** readErc20Metadata: a contract, but its symbol/decimals are not an ERC-20's. */
  | 'NOT_A_TOKEN'

export class RpcError extends CoreError {
  override readonly name = 'RpcError'
  override readonly code: RpcErrorCode
  constructor(code: RpcErrorCode, message: string, details?: string) {
    super(message, details === undefined ? { code } : { code, details })
    this.code = code
  }
}

export interface RpcRequest {
  readonly method: string
  readonly params: readonly unknown[]
}

/** One entry of a batch answer, in request order. */
export type RpcResult =
  | { readonly ok: true; readonly result: unknown }
  | { readonly ok: false; readonly code: number; readonly message: string }

export interface RpcOptions {
  /** Overrides the runtime config's URL for the network (tests, other callers). */
  readonly rpcUrl?: string
  readonly signal?: AbortSignal
  readonly fetch?: typeof fetch
}

/** Larger answers are refused rather than parsed (a balance batch is a few KB). */
const MAX_RESPONSE_CHARS = 2_000_000
/** Raw ABI strings above this many bytes are garbage, not a token name. */
const MAX_RAW_STRING_BYTES = 1024
/** Displayed lengths, in code points, after sanitising. */
export const MAX_SYMBOL_LENGTH = 32
export const MAX_NAME_LENGTH = 64
/** ERC-20 decimals are a uint8. */
const MAX_DECIMALS = 255

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const DATA = /^0x(?:[0-9a-fA-F]{2})*$/

const SELECTOR = {
  balanceOf: '0x70a08231',
  symbol: '0x95d89b41',
  name: '0x06fdde03',
  decimals: '0x313ce567',
} as const

/** A 20-byte hex address (any case; the RPC layer needs no checksum). */
export function isAddress(value: unknown): value is Address {
  return typeof value === 'string' && ADDRESS.test(value)
}

/** The RPC URL of a network from the runtime config (or `options.rpcUrl`). */
export function rpcUrlFor(chain: string, options: RpcOptions = {}): string {
  const url = options.rpcUrl ?? getRuntimeConfig().rpcUrls[chain]
  if (!url) throw new RpcError('NO_RPC_URL', `No RPC URL configured for ${chain}`)
  return url
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Sends `requests` as one JSON-RPC batch (one HTTP POST) and returns one result per request, in
 * request order. Throws an RpcError when the answer as a whole is unusable; a single request's
 * JSON-RPC error is returned as `{ ok: false }` so the others still count.
 */
export async function rpcBatch(
  url: string,
  requests: readonly RpcRequest[],
  options: Pick<RpcOptions, 'signal' | 'fetch'> = {},
): Promise<RpcResult[]> {
  if (requests.length === 0) return []
  const body = requests.map((request, index) => ({
    jsonrpc: '2.0',
    id: index + 1,
    method: request.method,
    params: request.params,
  }))
  const doFetch = options.fetch ?? fetch
  let response: Response
  try {
    response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      signal: options.signal ?? null,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new RpcError('NETWORK_ERROR', 'The network node could not be reached')
  }
  if (!response.ok) throw new RpcError('RPC_ERROR', `The network node answered HTTP ${response.status}`)
  const text = await response.text()
  if (text.length > MAX_RESPONSE_CHARS) throw new RpcError('INVALID_RESPONSE', 'The answer is too large')
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new RpcError('INVALID_RESPONSE', 'The network node answered something that is not JSON')
  }
  if (isRecord(json) && isRecord(json.error)) {
    // A node that refuses the batch itself (too large, batches disabled) answers one error object.
    throw new RpcError('RPC_ERROR', 'The network node refused the request', describeError(json.error))
  }
  if (!Array.isArray(json)) throw new RpcError('INVALID_RESPONSE', 'Expected a JSON-RPC batch answer')
  const results = new Array<RpcResult | undefined>(requests.length)
  for (const entry of json) {
    if (!isRecord(entry) || entry.jsonrpc !== '2.0') {
      throw new RpcError('INVALID_RESPONSE', 'Malformed JSON-RPC answer entry')
    }
    const id = entry.id
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > requests.length) {
      throw new RpcError('INVALID_RESPONSE', 'JSON-RPC answer with an unknown id')
    }
    if (results[id - 1] !== undefined) throw new RpcError('INVALID_RESPONSE', 'Duplicate JSON-RPC answer id')
    if ('result' in entry && !('error' in entry)) {
      results[id - 1] = { ok: true, result: entry.result }
    } else if (isRecord(entry.error) && typeof entry.error.code === 'number') {
      results[id - 1] = {
        ok: false,
        code: entry.error.code,
        message: typeof entry.error.message === 'string' ? entry.error.message.slice(0, 200) : '',
      }
    } else {
      throw new RpcError('INVALID_RESPONSE', 'JSON-RPC answer entry has neither result nor error')
    }
  }
  if (results.includes(undefined) || results.length !== requests.length) {
    throw new RpcError('INVALID_RESPONSE', 'The JSON-RPC batch answer is missing entries')
  }
  return results as RpcResult[]
}

function describeError(error: Record<string, unknown>): string {
  const code = typeof error.code === 'number' ? error.code : '?'
  const message = typeof error.message === 'string' ? error.message.slice(0, 200) : ''
  return `${code} ${message}`.trim()
}

// ---- ABI, by hand ---------------------------------------------------------------------------

/** Calldata of ERC-20 `balanceOf(owner)`. */
export function encodeBalanceOf(owner: string): string {
  if (!isAddress(owner)) throw new RpcError('INVALID_ARGUMENT', 'Not an address')
  return `${SELECTOR.balanceOf}${owner.slice(2).toLowerCase().padStart(64, '0')}`
}

/** A JSON-RPC quantity ('0x1a') as bigint; undefined unless it is one (at most 256 bits). */
export function decodeQuantity(value: unknown): bigint | undefined {
  return typeof value === 'string' && QUANTITY.test(value) ? BigInt(value) : undefined
}

function hexToBytes(value: unknown): Uint8Array | undefined {
  if (typeof value !== 'string' || !DATA.test(value)) return undefined
  const bytes = new Uint8Array((value.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(value.slice(2 + i * 2, 4 + i * 2), 16)
  return bytes
}

function readWord(bytes: Uint8Array, offset: number): bigint {
  let word = 0n
  for (let i = offset; i < offset + 32; i++) word = (word << 8n) | BigInt(bytes[i] ?? 0)
  return word
}

/** An ABI-encoded uint256 return (exactly one 32-byte word); undefined for anything else. */
export function decodeUint256(data: unknown): bigint | undefined {
  const bytes = hexToBytes(data)
  if (bytes?.length !== 32) return undefined
  return readWord(bytes, 0)
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false })

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes)
  } catch {
    return undefined
  }
}

/**
 * A `string` or `bytes32` return of symbol()/name(), decoded defensively: the dynamic string must
 * be well formed (offset and length inside the data, at most 1 KiB), a bytes32 must be text
 * followed only by zero bytes, and both must be valid UTF-8. Returns the raw text (not yet
 * sanitised) or undefined for garbage.
 */
export function decodeAbiString(data: unknown): string | undefined {
  const bytes = hexToBytes(data)
  if (!bytes) return undefined
  if (bytes.length === 32) {
    // bytes32 (MKR-style tokens): text, then zero padding only.
    const end = bytes.indexOf(0)
    const length = end === -1 ? 32 : end
    if (bytes.subarray(length).some((byte) => byte !== 0)) return undefined
    return length === 0 ? undefined : decodeUtf8(bytes.subarray(0, length))
  }
  if (bytes.length < 64 || bytes.length % 32 !== 0) return undefined
  const offset = readWord(bytes, 0)
  if (offset % 32n !== 0n || offset + 32n > BigInt(bytes.length)) return undefined
  const start = Number(offset) + 32
  const length = readWord(bytes, start - 32)
  if (length > BigInt(MAX_RAW_STRING_BYTES) || BigInt(start) + length > BigInt(bytes.length)) return undefined
  return decodeUtf8(bytes.subarray(start, start + Number(length)))
}

/**
 * Makes untrusted token text safe to show: control and format characters (newlines, bidi
 * overrides, zero-width joiners), unassigned and private-use code points are removed, runs of
 * whitespace collapse to one space, and the result is capped at `max` code points (with '…').
 * Returns '' when nothing readable is left.
 */
export function sanitizeTokenText(text: string, max: number): string {
  const cleaned = text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[\p{Cf}\p{Co}\p{Cn}\p{Cs}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
  const points = Array.from(cleaned)
  return points.length > max
    ? `${points
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : cleaned
}

// ---- Reads ------------------------------------------------------------------------------------

/**
 * Balances of `account` on `chain`, in one batch: `eth_getBalance` for the native currency (the zero
 * address) and `balanceOf` for each token. Keys are lowercase addresses; a token whose read fails
 * or answers garbage is left out (unknown, not zero). Invalid addresses are skipped.
 */
export async function readBalances(
  chain: string,
  account: string,
  addresses: readonly string[],
  options: RpcOptions = {},
): Promise<Map<string, bigint>> {
  if (!isAddress(account)) throw new RpcError('INVALID_ARGUMENT', 'The account is not an address')
  const unique = [...new Set(addresses.filter(isAddress).map((address) => address.toLowerCase()))]
  const balances = new Map<string, bigint>()
  if (unique.length === 0) return balances
  const requests = unique.map(
    (address): RpcRequest =>
      address === NATIVE_CURRENCY_ADDRESS
        ? { method: 'eth_getBalance', params: [account, 'latest'] }
        : { method: 'eth_call', params: [{ to: address, data: encodeBalanceOf(account) }, 'latest'] },
  )
  const results = await rpcBatch(rpcUrlFor(chain, options), requests, options)
  unique.forEach((address, index) => {
    const result = results[index]
    if (!result?.ok) return
    const value =
      address === NATIVE_CURRENCY_ADDRESS ? decodeQuantity(result.result) : decodeUint256(result.result)
    if (value !== undefined) balances.set(address, value)
  })
  return balances
}

export interface Erc20Metadata {
  /** As given (checksum case kept). */
  readonly address: Address
  readonly symbol: string
  readonly name: string
  readonly decimals: number
}

/**
 * Reads an unlisted token's symbol, name and decimals (and that code exists there) in one batch,
 * for importing it. Throws RpcError NOT_A_CONTRACT / NOT_A_TOKEN when the address is not an
 * ERC-20 we can show. The name falls back to the symbol when name() is missing or unreadable.
 */
export async function readErc20Metadata(
  chain: string,
  address: string,
  options: RpcOptions = {},
): Promise<Erc20Metadata> {
  if (!isAddress(address) || address.toLowerCase() === NATIVE_CURRENCY_ADDRESS) {
    throw new RpcError('INVALID_ARGUMENT', 'Not a token address')
  }
  const call = (data: string): RpcRequest => ({
    method: 'eth_call',
    params: [{ to: address, data }, 'latest'],
  })
  const [code, symbol, name, decimals] = await rpcBatch(
    rpcUrlFor(chain, options),
    [
      { method: 'eth_getCode', params: [address, 'latest'] },
      call(SELECTOR.symbol),
      call(SELECTOR.name),
      call(SELECTOR.decimals),
    ],
    options,
  )
  if (!code?.ok || typeof code.result !== 'string' || !DATA.test(code.result)) {
    throw new RpcError('INVALID_RESPONSE', 'Could not read the code at the address')
  }
  if (code.result === '0x') throw new RpcError('NOT_A_CONTRACT', 'No contract at this address')
  const decodedDecimals = decimals?.ok ? decodeUint256(decimals.result) : undefined
  if (decodedDecimals === undefined || decodedDecimals > BigInt(MAX_DECIMALS)) {
    throw new RpcError('NOT_A_TOKEN', 'The contract has no valid decimals()')
  }
  const symbolText = sanitizeTokenText(
    (symbol?.ok ? decodeAbiString(symbol.result) : undefined) ?? '',
    MAX_SYMBOL_LENGTH,
  )
  if (symbolText === '') throw new RpcError('NOT_A_TOKEN', 'The contract has no readable symbol()')
  const nameText = sanitizeTokenText(
    (name?.ok ? decodeAbiString(name.result) : undefined) ?? '',
    MAX_NAME_LENGTH,
  )
  return { address, symbol: symbolText, name: nameText || symbolText, decimals: Number(decodedDecimals) }
}

/** The latest block number of `chain` (eth_blockNumber). */
export async function readBlockNumber(chain: string, options: RpcOptions = {}): Promise<bigint> {
  const [head] = await rpcBatch(
    rpcUrlFor(chain, options),
    [{ method: 'eth_blockNumber', params: [] }],
    options,
  )
  const value = head?.ok ? decodeQuantity(head.result) : undefined
  if (value === undefined) throw new RpcError('INVALID_RESPONSE', 'Could not read the block number')
  return value
}

/** Whether code is deployed at `address` on `chain` (eth_getCode). */
export async function isContract(chain: string, address: string, options: RpcOptions = {}): Promise<boolean> {
  if (!isAddress(address)) throw new RpcError('INVALID_ARGUMENT', 'Not an address')
  const [code] = await rpcBatch(
    rpcUrlFor(chain, options),
    [{ method: 'eth_getCode', params: [address, 'latest'] }],
    options,
  )
  if (!code?.ok || typeof code.result !== 'string' || !DATA.test(code.result)) {
    throw new RpcError('INVALID_RESPONSE', 'Could not read the code at the address')
  }
  return code.result !== '0x'
}
