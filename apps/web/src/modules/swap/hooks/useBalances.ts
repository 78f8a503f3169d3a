import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useId, useLayoutEffect, useMemo } from 'react'
import { isAddress, readBalances } from '../services/rpc.ts'

/** Balances refresh this often while a screen shows them. */
export const BALANCES_REFETCH_MS = 4000

/** What one balance read returned, and which addresses it asked for (so a refused read is not retried forever). */
export interface BalancesData {
  readonly requested: readonly string[]
  readonly balances: ReadonlyMap<string, bigint>
}

/**
 * Every mounted `useTokenBalances` of one (chain, account) shares one query (the contract's key
 * `['balances', chain, account]`), so one refresh is one JSON-RPC batch for the union of the
 * addresses they want. This registry is that union.
 */
const wanted = new Map<string, Map<string, readonly string[]>>()

const registryKey = (chain: string, account: string) => `${chain}|${account.toLowerCase()}`

function wantedAddresses(chain: string, account: string): string[] {
  const union = new Set<string>()
  for (const list of wanted.get(registryKey(chain, account))?.values() ?? []) {
    for (const address of list) union.add(address)
  }
  return [...union].sort()
}

export function balancesQueryKey(chain: string, account: string | null) {
  return ['balances', chain, account?.toLowerCase()] as const
}

function sameData(previous: unknown, next: unknown): boolean {
  if (!isBalancesData(previous) || !isBalancesData(next)) return false
  if (previous.requested.join() !== next.requested.join()) return false
  if (previous.balances.size !== next.balances.size) return false
  for (const [address, value] of next.balances) if (previous.balances.get(address) !== value) return false
  return true
}

/** The persisted query cache turns a Map into {}: only a real read counts as data. */
export function isBalancesData(value: unknown): value is BalancesData {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as BalancesData).requested) &&
    (value as BalancesData).balances instanceof Map
  )
}

export function balancesQuery(chain: string, account: string | null) {
  return queryOptions({
    queryKey: balancesQueryKey(chain, account),
    queryFn: async ({ signal }): Promise<BalancesData> => {
      if (!account) return { requested: [], balances: new Map() }
      const requested = wantedAddresses(chain, account)
      return { requested, balances: await readBalances(chain, account, requested, { signal }) }
    },
    enabled: account !== null && isAddress(account),
    refetchInterval: BALANCES_REFETCH_MS,
    staleTime: 0,
    retry: 1,
    structuralSharing: (previous: unknown, next: unknown) => (sameData(previous, next) ? previous : next),
  })
}

const NO_BALANCES: ReadonlyMap<string, bigint> = new Map()

function normalize(addresses: readonly string[]): readonly string[] {
  return [...new Set(addresses.filter(isAddress).map((address) => address.toLowerCase()))].sort()
}

/**
 * Balances of `account` on `chain` for `addresses` (the zero address is the native currency), keyed
 * by lowercase address, refreshed every 4 s. A token whose balance could not be read is absent.
 * `isLoading` stays true until a read that included all of `addresses` has arrived; `error` is set
 * when no balances could be read at all.
 */
export function useTokenBalances(
  chain: string,
  account: string | null,
  addresses: readonly string[],
): { balances: ReadonlyMap<string, bigint>; isLoading: boolean; error: Error | null } {
  const id = useId()
  const key = addresses.join()
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the content of `addresses`
  const normalized = useMemo(() => normalize(addresses), [key])
  const registered = account && isAddress(account) ? registryKey(chain, account) : undefined

  // Layout effect: registered before the query's first fetch (started from a passive effect).
  useLayoutEffect(() => {
    if (!registered) return
    let entries = wanted.get(registered)
    if (!entries) {
      entries = new Map()
      wanted.set(registered, entries)
    }
    entries.set(id, normalized)
    return () => {
      entries.delete(id)
      if (entries.size === 0) wanted.delete(registered)
    }
  }, [registered, id, normalized])

  const query = useQuery(balancesQuery(chain, account))
  const data = isBalancesData(query.data) ? query.data : undefined
  const missing = data ? normalized.some((address) => !data.requested.includes(address)) : true
  const { refetch, isFetching, isError } = query

  // Another component's read (or one in flight when this one mounted) may not cover our addresses.
  // After a failure the 4 s interval retries instead (no request loop while the node is down).
  useEffect(() => {
    if (registered && data && missing && !isFetching && !isError) void refetch()
  }, [registered, data, missing, isFetching, isError, refetch])

  return {
    balances: data?.balances ?? NO_BALANCES,
    isLoading: registered !== undefined && normalized.length > 0 && missing && query.status !== 'error',
    // Only while no read covering these addresses is on screen: a failed refresh keeps the last balances.
    error: registered !== undefined && (data === undefined || missing) ? query.error : null,
  }
}

/** Refreshes every balance on screen now (after a confirmed swap). */
export function invalidateBalances(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['balances'] })
}
