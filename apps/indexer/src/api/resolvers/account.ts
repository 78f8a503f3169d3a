/** An account's holdings and history: portfolio, balances, activity, liquidity positions. */

import { ACTIVITY_TYPES } from '@oxbow/core'
import { and, eq, inArray, sql } from 'ponder'
import { getAddress, zeroAddress } from 'viem'
import { z } from 'zod'
import type { AssetChange } from '../../lib/derive.ts'
import { keysetFromCursor, listOf, pageByOffset } from '../cursor.ts'
import { badInput } from '../errors.ts'
import { decimalString, percentChange } from '../format.ts'
import { MAX_PAGE_SIZE, parseAddress, parseFirst, parseNetwork, parseNetworks } from '../inputs.ts'
import { createPerStateCache } from '../perStateCache.ts'
import { type Snapshot, slugOf, tokenKey } from '../snapshotViews.ts'
import {
  type Args,
  afterKey,
  keysetPage,
  MAX_SAME_TOKENS,
  newestFirst,
  type ResolverContext,
  type SQL,
  type Tables,
  usd0,
} from './context.ts'
import type { Shapes } from './shapes.ts'

/** Built once (see src/api/inputs.ts). */
const tokenRefsSchema = z.array(z.unknown()).min(1).max(MAX_SAME_TOKENS)

export function accountResolvers({ deps, db, tables, input, chainIds }: ResolverContext, shapes: Shapes) {
  const { tokenGql, balanceGql, poolGql, collectionGql, positionView } = shapes
  const newestActivity = createPerStateCache<Tables['activity']['$inferSelect'][]>()
  /** Activity nodes by the row they show (rows of `newestActivity` live for one indexed state). */
  const activityNodes = new WeakMap<object, unknown>()
  /**
   * An owner's positive balances of known tokens on `chains`, formatted, most valuable first: every
   * variant of an owner's portfolio (hideSmallBalances, hideSpam) in a block filters one list (one
   * balance read, and each figure formatted once per block instead of once per request).
   */
  const heldBalances = createPerStateCache<{ row: BalanceGql; isSpam: boolean }[]>()
  type BalanceGql = ReturnType<typeof balanceGql>
  async function readBalances(s: Snapshot, owner: `0x${string}`, chains: number[]) {
    const [tokenRows, nativeRows] = await Promise.all([
      db
        .select()
        .from(tables.balance)
        .where(and(eq(tables.balance.owner, owner), inArray(tables.balance.chainId, chains))),
      Promise.all(
        chains.map(async (chainId) => ({
          chainId,
          token: zeroAddress as `0x${string}`,
          owner,
          amount: (await deps.nativeBalance(chainId, owner, s.key)) ?? 0n,
        })),
      ),
    ])
    const balances = [...nativeRows, ...tokenRows].flatMap((b) => {
      if (b.amount <= 0n) return []
      const t = s.tokens.get(tokenKey(b.chainId, b.token))
      return t ? [{ row: balanceGql(s, t, owner, b.amount), isSpam: t.isSpam }] : []
    })
    // Stable: equal values keep the native-first, then read order.
    return balances.sort((a, b) => (b.row.value ?? -1) - (a.row.value ?? -1))
  }

  return {
    async portfolio(args: Args) {
      const owner = parseAddress(args.owner, 'owner')
      const slugs = parseNetworks(input, args.networks)
      const s = await deps.snapshot()
      const chains = chainIds(s, slugs)
      const held = await heldBalances.get(s.key, `${owner}|${chains}`, () => readBalances(s, owner, chains))
      let total = 0
      let before = 0
      const balances: BalanceGql[] = []
      for (const { row, isSpam } of held) {
        if (args.hideSpam !== false && isSpam) continue
        if (args.hideSmallBalances === true && (row.value === null || row.value < 1)) continue
        total += row.value ?? 0
        before += row.valueBefore ?? 0
        balances.push(row)
      }
      return {
        owner: getAddress(owner),
        networks: slugs,
        totalValueUsd: usd0(total),
        change24hUsd: usd0(total - before),
        change24hPercent: decimalString(percentChange(before, total), 6),
        balances,
      }
    },

    async tokenBalances(args: Args) {
      const owner = parseAddress(args.owner, 'owner')
      const list = tokenRefsSchema.safeParse(args.tokens)
      if (!list.success) throw badInput(`tokens must list 1 to ${MAX_SAME_TOKENS} tokens.`, 'tokens')
      const refs = list.data.map((ref) => {
        const r = (ref ?? {}) as { network?: unknown; address?: unknown }
        const network = parseNetwork(input, r.network, 'tokens.network')
        const address = parseAddress(r.address, 'tokens.address')
        return { chainId: deps.chainIdBySlug.get(network) as number, address }
      })
      const s = await deps.snapshot()
      const known = refs.flatMap((r) => {
        const t = s.tokens.get(tokenKey(r.chainId, r.address))
        return t ? [t] : []
      })
      const erc20s = known.filter((t) => t.row.address !== zeroAddress)
      const b = tables.balance
      const [held, natives] = await Promise.all([
        erc20s.length === 0
          ? []
          : db
              .select({ chainId: b.chainId, token: b.token, amount: b.amount })
              .from(b)
              .where(
                and(
                  eq(b.owner, owner),
                  sql`(${b.chainId}, ${b.token}) in (${sql.join(
                    erc20s.map((t) => sql`(${t.row.chainId}, ${t.row.address})`),
                    sql`, `,
                  )})`,
                ),
              ),
        Promise.all(
          known.map((t) =>
            t.row.address === zeroAddress ? deps.nativeBalance(t.row.chainId, owner, s.key) : null,
          ),
        ),
      ])
      const amounts = new Map(held.map((h) => [tokenKey(h.chainId, h.token), h.amount]))
      return known.flatMap((t, i) => {
        const amount = t.row.address === zeroAddress ? natives[i] : (amounts.get(t.key) ?? 0n)
        // A native balance the node did not give is unknown, not zero: left out.
        if (amount === null || amount === undefined) return []
        return [balanceGql(s, t, owner, amount)]
      })
    },

    async activity(args: Args) {
      const account = parseAddress(args.address)
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first)
      const list = listOf('activity', args)
      const cursor = keysetFromCursor(list, args.after as string | undefined)
      let types: string[] | null = null
      if (Array.isArray(args.types) && args.types.length > 0) {
        types = args.types.map(String)
        if (types.some((t) => !(ACTIVITY_TYPES as readonly string[]).includes(t)))
          throw badInput('Unknown type.', 'types')
      }
      const s = await deps.snapshot()
      const t = tables.activity
      const conditions: SQL[] = [eq(t.account, account), inArray(t.chainId, chainIds(s, slugs))]
      if (types) conditions.push(inArray(t.type, types))
      if (cursor) conditions.push(afterKey(t, cursor))
      const read = (limit: number) =>
        db
          .select()
          .from(t)
          .where(and(...conditions))
          .orderBy(...newestFirst(t))
          .limit(limit)
      // First pages of every size come from one read of the largest per account and block.
      const rows = cursor
        ? await read(first + 1)
        : (
            await newestActivity.get(s.key, `${account}|${chainIds(s, slugs)}|${types ?? '*'}`, () =>
              read(MAX_PAGE_SIZE + 1),
            )
          ).slice(0, first + 1)
      return keysetPage(list, rows, first, (a) => {
        // A row of the per-state cache is shared by every page cut from it: built once.
        const built = activityNodes.get(a)
        if (built) return [built]
        const p = a.pool ? s.pools.get(tokenKey(a.chainId, a.pool)) : undefined
        const node = {
          id: a.id,
          network: slugOf(a.chainId),
          chainId: a.chainId,
          txHash: a.txHash,
          blockNumber: a.blockNumber.toString(),
          timestamp: a.timestamp,
          type: a.type,
          account: getAddress(a.account),
          counterparty: a.counterparty ? getAddress(a.counterparty) : null,
          pool: p ? () => poolGql(s, p) : null,
          assetChanges: (a.assetChanges as AssetChange[]).map((c) => {
            const tv = s.tokens.get(tokenKey(a.chainId, c.token))
            const col =
              c.tokenId !== undefined
                ? s.collections.find((x) => x.key === tokenKey(a.chainId, c.token))
                : undefined
            return {
              token: tv && c.tokenId === undefined ? () => tokenGql(s, tv) : null,
              nftCollection: col ? collectionGql(col) : null,
              tokenId: c.tokenId ?? null,
              amount: c.amount,
              direction: c.direction,
            }
          }),
        }
        activityNodes.set(a, node)
        return [node]
      })
    },

    async position(args: Args) {
      const network = parseNetwork(input, args.network)
      const version = String(args.version)
      const s = await deps.snapshot()
      const chainId = deps.chainIdBySlug.get(network) as number
      // A v2 holding is per owner (positions(owner) lists it): no single id to look up.
      if (version !== 'V3' && version !== 'V4') throw badInput('version must be V3 or V4.', 'version')
      if (typeof args.tokenId !== 'string' || !/^[0-9]{1,78}$/.test(args.tokenId))
        throw badInput('tokenId must be a decimal token id.', 'tokenId')
      const [row] = await db
        .select()
        .from(tables.position)
        .where(
          and(
            eq(tables.position.chainId, chainId),
            eq(tables.position.version, version.toLowerCase()),
            eq(tables.position.tokenId, BigInt(args.tokenId)),
          ),
        )
      return row ? positionView(s, row).gql : null
    },

    async v2Position(args: Args) {
      const network = parseNetwork(input, args.network)
      const pair = parseAddress(args.pair, 'pair')
      const owner = parseAddress(args.owner, 'owner')
      const s = await deps.snapshot()
      const chainId = deps.chainIdBySlug.get(network) as number
      const [row] = await db
        .select()
        .from(tables.v2LpBalance)
        .where(
          and(
            eq(tables.v2LpBalance.chainId, chainId),
            eq(tables.v2LpBalance.pair, pair),
            eq(tables.v2LpBalance.owner, owner),
          ),
        )
      return row ? v2PositionView(s, row).gql : null
    },

    async positions(args: Args) {
      const owner = parseAddress(args.owner, 'owner')
      const slugs = parseNetworks(input, args.networks)
      const first = parseFirst(args.first)
      const statuses =
        Array.isArray(args.status) && args.status.length > 0 ? new Set(args.status.map(String)) : null
      const s = await deps.snapshot()
      const rows = await db
        .select()
        .from(tables.position)
        .where(and(eq(tables.position.owner, owner), inArray(tables.position.chainId, chainIds(s, slugs))))
      const views = rows.map((r) => positionView(s, r))
      // v2: the account's LP tokens of each pair; the pair address stands for the token id.
      const lpRows = await db
        .select()
        .from(tables.v2LpBalance)
        .where(
          and(eq(tables.v2LpBalance.owner, owner), inArray(tables.v2LpBalance.chainId, chainIds(s, slugs))),
        )
      const v2Views = lpRows.map((r) => v2PositionView(s, r))
      const all = [...views, ...v2Views]
        .filter((v) => statuses === null || statuses.has(v.status))
        .sort((a, b) => b.createdAt - a.createdAt || (a.key < b.key ? -1 : 1))
      const page = pageByOffset(listOf('positions', args), all, first, args.after as string | undefined)
      return { ...page, nodes: page.nodes.map((v) => v.gql) }
    },
  }

  /** A v2 LP-token holding as a Position: the pair address stands for the token id. */
  function v2PositionView(s: Snapshot, r: Tables['v2LpBalance']['$inferSelect']) {
    const p = s.pools.get(tokenKey(r.chainId, r.pair))
    const status = r.amount > 0n ? 'IN_RANGE' : 'CLOSED'
    return {
      key: `${r.chainId}:v2:${r.pair}`,
      createdAt: r.createdAt,
      status,
      gql: {
        id: `${slugOf(r.chainId)}:v2:${r.pair}`,
        network: slugOf(r.chainId),
        version: 'V2',
        tokenId: getAddress(r.pair),
        owner: getAddress(r.owner),
        pool: p ? () => poolGql(s, p) : null,
        status,
        tickLower: null,
        tickUpper: null,
        priceLower: null,
        priceUpper: null,
        liquidity: r.amount.toString(),
        deposited0: r.deposited0.toString(),
        deposited1: r.deposited1.toString(),
        withdrawn0: r.withdrawn0.toString(),
        withdrawn1: r.withdrawn1.toString(),
        collected0: r.fees0.toString(),
        collected1: r.fees1.toString(),
        lpBasisInvariant: r.basisInvariant.toString(),
        openedAt: r.createdAt,
      },
    }
  }
}
