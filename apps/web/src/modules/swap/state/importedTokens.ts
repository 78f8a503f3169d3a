import { NETWORK_SLUG_PATTERN } from '@oxbow/chains/slug'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import type { Address } from 'viem'
import { createStore, type Store, safeStorage, useStore } from '../../../lib/createStore.ts'
import { isAddress, MAX_NAME_LENGTH, MAX_SYMBOL_LENGTH, sanitizeTokenText } from '../services/rpc.ts'

/**
 * Tokens the user imported by address (not on the token list), per network, persisted in
 * localStorage. What comes back from storage is as untrusted as what came from the chain: every
 * entry is validated on read and a malformed one is dropped (the others survive).
 */

export interface ImportedToken {
  readonly address: Address
  readonly symbol: string
  readonly name: string
  readonly decimals: number
}

/** Network slug -> its imported tokens, oldest first. */
export type ImportedTokens = Readonly<Record<string, readonly ImportedToken[]>>

export const IMPORTED_TOKENS_KEY = 'oxbow.swap.importedTokens'
/** Per network; the oldest are dropped beyond it (keeps storage and the list bounded). */
export const MAX_IMPORTED_PER_CHAIN = 100

const EMPTY: readonly ImportedToken[] = []

/** A cleaned text equal to what is stored, or undefined when the stored text was tampered with. */
function validText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined
  return sanitizeTokenText(value, max) === value ? value : undefined
}

/** The token if `value` is a well-formed imported token (same rules as a fresh import), else undefined. */
export function validateImportedToken(value: unknown): ImportedToken | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { address, symbol, name, decimals } = value as Record<string, unknown>
  if (!isAddress(address) || address.toLowerCase() === NATIVE_CURRENCY_ADDRESS) return undefined
  const validSymbol = validText(symbol, MAX_SYMBOL_LENGTH)
  const validName = validText(name, MAX_NAME_LENGTH)
  if (!validSymbol || !validName) return undefined
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    return undefined
  }
  return { address, symbol: validSymbol, name: validName, decimals }
}

function validList(value: unknown): readonly ImportedToken[] {
  if (!Array.isArray(value)) return EMPTY
  const seen = new Set<string>()
  const tokens: ImportedToken[] = []
  for (const entry of value) {
    const token = validateImportedToken(entry)
    if (!token || seen.has(token.address.toLowerCase())) continue
    seen.add(token.address.toLowerCase())
    tokens.push(token)
  }
  return tokens.slice(-MAX_IMPORTED_PER_CHAIN)
}

/** Reads the persisted JSON: unknown networks' keys that are not slugs and malformed entries are dropped. */
export function parseImportedTokens(text: string | null | undefined): ImportedTokens {
  if (!text) return {}
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return {}
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return {}
  const result: Record<string, readonly ImportedToken[]> = {}
  for (const [chain, list] of Object.entries(json)) {
    if (!NETWORK_SLUG_PATTERN.test(chain)) continue
    const tokens = validList(list)
    if (tokens.length > 0) result[chain] = tokens
  }
  return result
}

/** `tokens` with `token` added for `chain` (or moved to the end when already there). Invalid tokens are refused. */
export function withImportedToken(
  tokens: ImportedTokens,
  chain: string,
  token: ImportedToken,
): ImportedTokens {
  const valid = validateImportedToken(token)
  if (!valid || !NETWORK_SLUG_PATTERN.test(chain)) return tokens
  const key = valid.address.toLowerCase()
  const others = (tokens[chain] ?? EMPTY).filter((entry) => entry.address.toLowerCase() !== key)
  return { ...tokens, [chain]: [...others, valid].slice(-MAX_IMPORTED_PER_CHAIN) }
}

export function withoutImportedToken(tokens: ImportedTokens, chain: string, address: string): ImportedTokens {
  const list = tokens[chain]
  if (!list) return tokens
  const next = list.filter((entry) => entry.address.toLowerCase() !== address.toLowerCase())
  if (next.length === list.length) return tokens
  const { [chain]: _removed, ...rest } = tokens
  return next.length > 0 ? { ...rest, [chain]: next } : rest
}

const storage = safeStorage('local')

export const importedTokensStore: Store<ImportedTokens> = createStore(
  parseImportedTokens(storage.get(IMPORTED_TOKENS_KEY)),
  (value) => storage.set(IMPORTED_TOKENS_KEY, JSON.stringify(value)),
)

export function addImportedToken(chain: string, token: ImportedToken): void {
  importedTokensStore.set((previous) => withImportedToken(previous, chain, token))
}

export function removeImportedToken(chain: string, address: string): void {
  importedTokensStore.set((previous) => withoutImportedToken(previous, chain, address))
}

/** The imported tokens of one network (a stable array while nothing changes). */
export function useImportedTokens(chain: string): readonly ImportedToken[] {
  return useStore(importedTokensStore)[chain] ?? EMPTY
}
