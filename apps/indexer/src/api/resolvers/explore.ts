/** Explore, token and pool pages, search: root fields answered from the snapshot. */
import { like, or } from 'ponder'
import { getAddress } from 'viem'
import { z } from 'zod'
import { listOf, pageByOffset } from '../cursor.ts'
import { badInput } from '../errors.ts'
import { percentChange } from '../format.ts'
import {
  MAX_PAGE_SIZE,
  parseAddress,
  parseFirst,
  parseListFilter,
  parseNetwork,
  parseNetworks,
  parsePoolId,
  parseSearchQuery,
} from '../inputs.ts'
import { type PoolView, slugOf, type TokenView, tokenKey } from '../snapshotViews.ts'
import { type Args, type ResolverContext, usd } from './context.ts'
import type { Shapes } from './shapes.ts'

/** Whether a token matches an explore filter: symbol or name part, or address prefix. */
function tokenMatches(t: TokenView, q: string): boolean {
  if (/^0x[0-9a-f]*$/.test(q)) return t.row.address.startsWith(q)
  return t.row.symbol.toLowerCase().includes(q) || t.row.name.toLowerCase().includes(q)
}

/** A pool matches by either token, by a pair 'A/B' (either order), or by address/pool id prefix. */
function poolMatches(p: PoolView, q: string): boolean {
  if (/^0x[0-9a-f]*$/.test(q)) return p.row.id.startsWith(q)
  const terms = q.split(/[\s/]+/).filter((x) => x.length > 0)
  if (terms.length >= 2) {
    const [a = '', b = ''] = terms
    return (
      (tokenMatches(p.token0, a) && tokenMatches(p.token1, b)) ||
      (tokenMatches(p.token0, b) && tokenMatches(p.token1, a))
    )
  }
  return tokenMatches(p.token0, q) || tokenMatches(p.token1, q)
}

/** Built once (see src/api/inputs.ts). */
const priceRefsSchema = z.array(z.unknown()).min(1).max(MAX_PAGE_SIZE)

export function exploreResolvers({ deps, input, chainIds, tables }: ResolverContext, shapes: Shapes) {
  const { tokenGql, poolGql, collectionGql, poolTransactions } = shapes

  const tokenSorters: Record<string, (t: TokenView) => number | string | null> = {
    VOLUME_24H: (t) => t.volume24hUsd,
    TVL: (t) => t.tvlUsd,
    PRICE: (t) => t.priceUsd,
    PRICE_CHANGE_1H: (t) => percentChange(t.price1hAgo, t.priceUsd),
    PRICE_CHANGE_24H: (t) => percentChange(t.price24hAgo, t.priceUsd),
    MARKET_CAP: (t) => t.marketCapUsd,
    SYMBOL: (t) => t.row.symbol.toLowerCase(),
  }
  const poolSorters: Record<string, (p: PoolView) => number> = {
    TVL: (p) => p.tvlUsd,
    VOLUME_24H: (p) => p.volume24hUsd,
    VOLUME_30D: (p) => p.volume30dUsd,
    APR: (p) => p.aprPercent,
    FEES_24H: (p) => p.fees24hUsd,
    TX_COUNT: (p) => p.row.txCount,
  }

  function sortBy<T extends { key: string }>(
    items: T[],
    key: (item: T) => number | string | null,
    direction: unknown,
  ): T[] {
    const dir = direction === 'ASC' ? 1 : -1
    return items.sort((a, b) => {
      const va = key(a)
      const vb = key(b)
      if (va === null && vb !== null) return 1
      if (vb === null && va !== null) return -1
      if (va !== null && vb !== null && va !== vb) return (va < vb ? -1 : 1) * dir
      return a.key < b.key ? -1 : a.key > b.key ? 1 : 0
    })
  }

  return {
    async networks() {
      const s = await deps.snapshot()
      return s.states.map((st) => ({
        network: slugOf(st.chainId),
        chainId: st.chainId,
        blockNumber: st.blockNumber.toString(),
        blockTimestamp: st.timestamp,
      }))
    },

    async tokenPrices(args: Args) {
      const list = priceRefsSchema.safeParse(args.tokens)
      if (!list.success) throw badInput(`tokens must list 1 to ${MAX_PAGE_SIZE} tokens.`, 'tokens')
      const refs = list.data.map((ref) => {
        const r = (ref ?? {}) as { network?: unknown; address?: unknown }
        const network = parseNetwork(input, r.network, 'tokens.network')
        return { network, address: parseAddress(r.address, 'tokens.address') }
      })
      const s = await deps.snapshot()
      return refs.map(({ network, address }) => {
        const chainId = deps.chainIdBySlug.get(network) as number
        const t = s.tokens.get(tokenKey(chainId, address))
        return {
          network,
          address: getAddress(address),
          priceUsd: usd(t?.priceUsd ?? null),
          asOf: s.nowByChain.get(chainId) ?? 0,
        }
      })
    },

    async tokens(args: Args) {
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first)
      const filter = parseListFilter(args.filter)
      const s = await deps.snapshot()
      const chains = new Set(chainIds(s, slugs))
      const sorter = tokenSorters[String(args.orderBy ?? 'VOLUME_24H')] ?? tokenSorters.VOLUME_24H
      const list = sortBy(
        s.tokenList.filter(
          (t) =>
            chains.has(t.row.chainId) &&
            (args.includeSpam === true || !t.isSpam) &&
            (filter === null || tokenMatches(t, filter)),
        ),
        sorter as (t: TokenView) => number | string | null,
        args.orderDirection,
      )
      const page = pageByOffset(listOf('tokens', args), list, first, args.after as string | undefined)
      return { ...page, nodes: page.nodes.map((t) => tokenGql(s, t)) }
    },

    async token(args: Args) {
      const network = parseNetwork(input, args.network)
      const address = parseAddress(args.address)
      const s = await deps.snapshot()
      const t = s.tokens.get(tokenKey(deps.chainIdBySlug.get(network) as number, address))
      return t ? tokenGql(s, t) : null
    },

    async pools(args: Args) {
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first)
      const tokenFilter =
        args.token === null || args.token === undefined ? null : parseAddress(args.token, 'token')
      const filter = parseListFilter(args.filter)
      const s = await deps.snapshot()
      const chains = new Set(chainIds(s, slugs))
      const version = typeof args.version === 'string' ? args.version.toLowerCase() : null
      const list = sortBy(
        s.poolList.filter(
          (p) =>
            chains.has(p.row.chainId) &&
            (filter === null || poolMatches(p, filter)) &&
            (version === null || p.row.version === version) &&
            (tokenFilter === null || p.row.token0 === tokenFilter || p.row.token1 === tokenFilter),
        ),
        poolSorters[String(args.orderBy ?? 'TVL')] ?? (poolSorters.TVL as (p: PoolView) => number),
        args.orderDirection,
      )
      const page = pageByOffset(listOf('pools', args), list, first, args.after as string | undefined)
      return { ...page, nodes: page.nodes.map((p) => poolGql(s, p)) }
    },

    async pool(args: Args) {
      const network = parseNetwork(input, args.network)
      const id = parsePoolId(args.id)
      const s = await deps.snapshot()
      const p = s.pools.get(tokenKey(deps.chainIdBySlug.get(network) as number, id))
      return p ? poolGql(s, p) : null
    },

    async transactions(args: Args) {
      const slugs = parseNetworks(input, args.networks)
      parseFirst(args.first)
      const poolFilter = args.pool === null || args.pool === undefined ? null : parsePoolId(args.pool, 'pool')
      const tokenFilter =
        args.token === null || args.token === undefined ? null : parseAddress(args.token, 'token')
      const filter = parseListFilter(args.filter)
      const s = await deps.snapshot()
      const chains = chainIds(s, slugs)
      // Text: a token symbol or name part or a pair, matched on the pools' tokens; hex: the start of
      // the wallet's address or of the transaction's hash.
      const hexFilter = filter !== null && /^0x[0-9a-f]*$/.test(filter) ? filter : null
      const textFilter = filter !== null && hexFilter === null ? filter : null
      let poolIds: string[] | null = null
      if (poolFilter !== null || tokenFilter !== null || textFilter !== null) {
        poolIds = s.poolList
          .filter(
            (p) =>
              chains.includes(p.row.chainId) &&
              (poolFilter === null || p.row.id === poolFilter) &&
              (tokenFilter === null || p.row.token0 === tokenFilter || p.row.token1 === tokenFilter) &&
              (textFilter === null || poolMatches(p, textFilter)),
          )
          .map((p) => p.row.id)
      }
      const t = tables.poolEvent
      const where =
        hexFilter === null ? undefined : or(like(t.account, `${hexFilter}%`), like(t.txHash, `${hexFilter}%`))
      return poolTransactions(s, chains, poolIds, args, listOf('transactions', args), where)
    },

    async trendingTokens(args: Args) {
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first, 10)
      const s = await deps.snapshot()
      const chains = new Set(chainIds(s, slugs))
      return sortBy(
        s.tokenList.filter((t) => chains.has(t.row.chainId) && !t.isSpam),
        (t) => t.volume24hUsd,
        'DESC',
      )
        .slice(0, first)
        .map((t) => tokenGql(s, t))
    },

    async trendingPools(args: Args) {
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first, 10)
      const s = await deps.snapshot()
      const chains = new Set(chainIds(s, slugs))
      return sortBy(
        s.poolList.filter((p) => chains.has(p.row.chainId)),
        (p) => p.volume24hUsd,
        'DESC',
      )
        .slice(0, first)
        .map((p) => poolGql(s, p))
    },

    async search(args: Args) {
      const query = parseSearchQuery(args.query)
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first, 10)
      const s = await deps.snapshot()
      const chains = new Set(chainIds(s, slugs))
      const q = query.toLowerCase()
      const isHex = /^0x[0-9a-f]+$/.test(q)
      const terms = q.split(/[\s/\-_,]+/).filter((x) => x.length > 0)
      const tokenScore = (t: TokenView): number => {
        const sym = t.row.symbol.toLowerCase()
        const name = t.row.name.toLowerCase()
        if (isHex) return t.row.address === q ? 100 : t.row.address.startsWith(q) && q.length >= 6 ? 50 : 0
        if (sym === q) return 90
        if (sym.startsWith(q)) return 70
        if (name.startsWith(q)) return 60
        if (sym.includes(q) || name.includes(q)) return 40
        return 0
      }
      const tokens = s.tokenList
        .filter((t) => chains.has(t.row.chainId))
        .map((t) => ({ t, score: tokenScore(t) }))
        .filter((x) => x.score > 0)
        .sort(
          (a, b) =>
            b.score - a.score ||
            Number(a.t.isSpam) - Number(b.t.isSpam) ||
            b.t.volume24hUsd - a.t.volume24hUsd,
        )
        .slice(0, first)
      const symMatch = (t: TokenView, term: string) =>
        t.row.symbol.toLowerCase().startsWith(term) || t.row.name.toLowerCase().startsWith(term)
      const pools = s.poolList
        .filter((p) => {
          if (!chains.has(p.row.chainId)) return false
          if (isHex) return p.row.id === q || (q.length >= 10 && p.row.id.startsWith(q))
          if (terms.length >= 2) {
            const [a = '', b = ''] = terms
            return (
              (symMatch(p.token0, a) && symMatch(p.token1, b)) ||
              (symMatch(p.token0, b) && symMatch(p.token1, a))
            )
          }
          return symMatch(p.token0, q) || symMatch(p.token1, q)
        })
        .sort((a, b) => b.tvlUsd - a.tvlUsd)
        .slice(0, first)
      const collections = s.collections
        .filter(
          (c) =>
            chains.has(c.row.chainId) &&
            (isHex
              ? c.row.address === q || (q.length >= 6 && c.row.address.startsWith(q))
              : c.row.name.toLowerCase().includes(q) || c.row.symbol.toLowerCase().includes(q)),
        )
        .slice(0, first)
      // An exact pool address or id match stands alone (spec: tokens section omitted).
      const exactPool = isHex && pools.length === 1 && pools[0]?.row.id === q
      return {
        tokens: exactPool ? [] : tokens.map((x) => tokenGql(s, x.t)),
        pools: pools.map((p) => poolGql(s, p)),
        nftCollections: collections.map(collectionGql),
      }
    },
  }
}
