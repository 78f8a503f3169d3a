/**
 * End to end against the real devnet (anvil, Uniswap contracts) and a real Ponder process, once on
 * PGlite and once on PostgreSQL: backfilled figures equal chain reads; a swap, a liquidity mint and a
 * transfer reach the API within a bounded wait; a reorg removes orphaned data; bad input is typed.
 */
import assert from 'node:assert/strict'
import { connect } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { feeOnTransferTokenAbi, startDevnet, walletTransport } from '@oxbow/devnet'
import type { Manifest, NetworkDeployment } from '@oxbow/protocol'
import {
  byteString,
  erc20Abi,
  erc721Abi,
  nonfungiblePositionManagerAbi,
  PERMIT2_ADDRESS,
  permit2Abi,
  poolIdOf,
  universalRouterAbi,
  urCommands,
  V4_OPEN_DELTA,
  v2PairAbi,
  v2Router02Abi,
  v2SwapInput,
  v3Path,
  v3PoolAbi,
  v3SwapInput,
  v4DecreasePayload,
  v4ExactInSingleSwap,
  v4MintPayload,
  v4Plan,
  v4PoolManagerAbi,
  v4PositionManagerAbi,
  v4SettleAll,
  v4StateViewAbi,
  v4SwapExactInSingle,
  v4Take,
  weth9Abi,
} from '@oxbow/protocol'
import { v2FeesWithin, v2Invariant } from '@oxbow/routing/v2Liquidity'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  maxUint256,
  type PublicClient,
  parseAbi,
  parseEventLogs,
  toHex,
  type WalletClient,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { IndexerHandle } from '../scripts/launcher.ts'
import { amountsForLiquidityDelta } from '../src/lib/math.ts'
import { chainActor, gqlClient, okData, startTestIndexer, waitFor } from './helpers.ts'
import { postgresSkipReason, startTestPostgres, type TestPostgres } from './postgres.ts'

const PORT_BASE = 21000
const NETWORKS = ['ethereum', 'base'] as const
const WAIT_MS = 15_000

let devnet: Awaited<ReturnType<typeof startDevnet>>
let manifest: Manifest
let eth: NetworkDeployment
let publicClient: PublicClient
let wallet: WalletClient
let actor: Address
/** A plain ETH transfer mined before any indexer starts: its first start finds it in the history. */
let historyTransfer: { hash: Hex; recipient: Address; value: bigint }

const safeKinds = new Set(['stablecoin', 'wrapped-btc', 'governance', 'local', 'wrapped-native'])
function tradable(address: string) {
  const t = eth.tokens.find((x) => x.address.toLowerCase() === address.toLowerCase())
  return t !== undefined && safeKinds.has(t.kind) && t.transferFeeBps === 0
}

/** The actor's transactions (helpers.ts): `send` a hash, `write` a contract call, ERC-20 `balanceOf`. */
const { send, write, balanceOf } = chainActor(
  () => publicClient,
  () => wallet,
)

/** A deadline an hour from now (seconds). */
const inAnHour = () => BigInt(Math.floor(Date.now() / 1000) + 3600)

/** A seeded v4 pool of the native currency and a tradable token, without hook. */
function nativeV4Pool() {
  const v4 = eth.pools.find(
    (p) =>
      p.version === 'v4' && p.currency0 === zeroAddress && p.hooks === zeroAddress && tradable(p.currency1),
  )
  assert.ok(v4 && v4.version === 'v4')
  return v4
}

const poolKeyOf = (v4: ReturnType<typeof nativeV4Pool>) => ({
  currency0: v4.currency0,
  currency1: v4.currency1,
  fee: v4.fee,
  tickSpacing: v4.tickSpacing,
  hooks: v4.hooks,
})

/** The owner of NFT `tokenId` of `collection` on the chain. */
const ownerOf = (collection: Address, tokenId: bigint) =>
  publicClient.readContract({ address: collection, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] })

/** A v2 pair's reserves on the chain. */
const reservesOf = (pair: Address) =>
  publicClient.readContract({ address: pair, abi: v2PairAbi, functionName: 'getReserves' })

/** The actor lets the Universal Router spend `token` through Permit2 (ERC-20 approval, then Permit2's). */
async function allowUniversalRouter(token: Address) {
  await allowThroughPermit2(token, eth.contracts.universalRouter)
}

/** The actor lets `spender` spend `token` through Permit2 (ERC-20 approval, then Permit2's). */
async function allowThroughPermit2(token: Address, spender: Address) {
  await write({ address: token, abi: erc20Abi, functionName: 'approve', args: [PERMIT2_ADDRESS, maxUint256] })
  await write({
    address: PERMIT2_ADDRESS,
    abi: permit2Abi,
    functionName: 'approve',
    args: [token, spender, 2n ** 160n - 1n, 2 ** 48 - 1],
  })
}

/** A v4 pool's in-range amount of token1 now (liquidity × sqrt price), read from StateView. */
async function inRangeToken1(poolId: Hex): Promise<bigint> {
  const view = { address: eth.contracts.v4StateView, abi: v4StateViewAbi } as const
  const liquidity = await publicClient.readContract({ ...view, functionName: 'getLiquidity', args: [poolId] })
  const [sqrtPriceX96] = await publicClient.readContract({
    ...view,
    functionName: 'getSlot0',
    args: [poolId],
  })
  return (liquidity * sqrtPriceX96) / 2n ** 96n
}

before(async () => {
  devnet = await startDevnet({ networks: [...NETWORKS], portBase: PORT_BASE })
  manifest = devnet.manifest
  const d = manifest.networks.ethereum
  assert.ok(d, 'devnet has ethereum')
  eth = d
  publicClient = createPublicClient({ transport: http(eth.rpcUrl) }) as PublicClient
  const acct = manifest.accounts[1] ?? manifest.accounts[0]
  assert.ok(acct)
  const account = privateKeyToAccount(acct.privateKey)
  actor = account.address
  wallet = createWalletClient({ account, transport: walletTransport(eth.rpcUrl) })
  const recipient = privateKeyToAccount(generatePrivateKey()).address
  const sent = await send(wallet.sendTransaction({ chain: null, account, to: recipient, value: 777_000n }))
  historyTransfer = { hash: sent.transactionHash, recipient, value: 777_000n }
})

after(async () => {
  await devnet?.stop()
})

const backends = [
  { name: 'PGlite', port: 21501 },
  { name: 'PostgreSQL', port: 21502 },
] as const

for (const backend of backends) {
  describe(`indexer on ${backend.name}`, {
    skip: backend.name === 'PostgreSQL' ? postgresSkipReason() : false,
  }, () => {
    let indexer: IndexerHandle
    let pg: TestPostgres | undefined
    let gql: ReturnType<typeof gqlClient>

    /** Waits until the indexer has `network` at `block` or later. */
    const indexedTo = (network: string, block: bigint, what: string, ms: number) =>
      waitFor(
        what,
        async () => {
          const data = await okData(
            gql<{ networks: { network: string; blockNumber: string }[] }>(
              '{ networks { network blockNumber } }',
            ),
          )
          const state = data.networks.find((x) => x.network === network)
          return state && BigInt(state.blockNumber) >= block ? true : undefined
        },
        ms,
      )

    before(async () => {
      if (backend.name === 'PostgreSQL') pg = await startTestPostgres()
      indexer = await startTestIndexer(devnet.manifestPath, backend.port, {
        schema: `oxbow_test_${Date.now()}`,
        postgres: pg,
      })
      gql = gqlClient(indexer.graphqlUrl)
      // /ready means the finalized history is indexed; wait for the unfinalized tail too.
      for (const n of NETWORKS) {
        const d = manifest.networks[n]
        assert.ok(d)
        const head = await createPublicClient({ transport: http(d.rpcUrl) }).getBlockNumber()
        await indexedTo(n, head, `${n} indexed to its head`, 60_000)
      }
    })

    after(async () => {
      await indexer?.stop()
      await pg?.stop()
    })

    it('behavior: backfilled pools equal chain reserves and slot0', async () => {
      const v2 = eth.pools.filter((p) => p.version === 'v2')
      const v3 = eth.pools.filter((p) => p.version === 'v3')
      assert.ok(v2.length > 0 && v3.length > 0, 'devnet seeds v2 and v3 pools')
      for (const p of v2) {
        const [r0, r1] = await reservesOf(p.address)
        await waitFor(`v2 pool ${p.address}`, async () => {
          const data = await okData(
            gql<{ pool: { reserve0: string; reserve1: string } | null }>(
              'query($id: String!) { pool(network: "ethereum", id: $id) { reserve0 reserve1 } }',
              { id: p.address },
            ),
          )
          return data.pool?.reserve0 === r0.toString() && data.pool.reserve1 === r1.toString()
            ? true
            : undefined
        })
      }
      for (const p of v3) {
        const slot0 = await publicClient.readContract({
          address: p.address,
          abi: v3PoolAbi,
          functionName: 'slot0',
        })
        const liquidity = await publicClient.readContract({
          address: p.address,
          abi: v3PoolAbi,
          functionName: 'liquidity',
        })
        const [b0, b1] = await Promise.all([p.token0, p.token1].map((t) => balanceOf(t, p.address)))
        const data = await okData(
          gql<{
            pool: {
              sqrtPriceX96: string
              tick: number
              liquidity: string
              reserve0: string
              reserve1: string
            }
          }>(
            'query($id: String!) { pool(network: "ethereum", id: $id) { sqrtPriceX96 tick liquidity reserve0 reserve1 } }',
            {
              id: p.address,
            },
          ),
        )
        assert.equal(data.pool.sqrtPriceX96, slot0[0].toString())
        assert.equal(data.pool.tick, slot0[1])
        assert.equal(data.pool.liquidity, liquidity.toString())
        if (tradable(p.token0)) assert.equal(data.pool.reserve0, b0?.toString())
        if (tradable(p.token1)) assert.equal(data.pool.reserve1, b1?.toString())
      }
    })

    it('behavior: v4 pools and PositionManager positions equal the chain', async () => {
      const v4 = eth.pools.filter((p) => p.version === 'v4')
      assert.ok(v4.length > 0, 'devnet seeds v4 pools')
      for (const p of v4) {
        const [sqrtPriceX96, tick] = await publicClient.readContract({
          address: eth.contracts.v4StateView,
          abi: v4StateViewAbi,
          functionName: 'getSlot0',
          args: [p.poolId],
        })
        const liquidity = await publicClient.readContract({
          address: eth.contracts.v4StateView,
          abi: v4StateViewAbi,
          functionName: 'getLiquidity',
          args: [p.poolId],
        })
        const data = await okData(
          gql<{
            pool: { version: string; poolId: string; sqrtPriceX96: string; tick: number; liquidity: string }
          }>(
            'query($id: String!) { pool(network: "ethereum", id: $id) { version poolId sqrtPriceX96 tick liquidity } }',
            { id: p.poolId },
          ),
        )
        assert.deepEqual(data.pool, {
          version: 'V4',
          poolId: p.poolId.toLowerCase(),
          sqrtPriceX96: sqrtPriceX96.toString(),
          tick,
          liquidity: liquidity.toString(),
        })
      }
      const owner = await ownerOf(eth.contracts.v4PositionManager, 1n)
      const data = await okData(
        gql<{
          positions: { nodes: { version: string; tokenId: string; liquidity: string; status: string }[] }
        }>(
          'query($o: String!) { positions(owner: $o, networks: ["ethereum"], first: 100) { nodes { version tokenId liquidity status } } }',
          { o: owner },
        ),
      )
      const v4Positions = data.positions.nodes.filter((n) => n.version === 'V4')
      assert.ok(v4Positions.length > 0, 'seeded v4 positions are listed')
      for (const position of v4Positions) {
        const chainLiquidity = await publicClient.readContract({
          address: eth.contracts.v4PositionManager,
          abi: v4PositionManagerAbi,
          functionName: 'getPositionLiquidity',
          args: [BigInt(position.tokenId)],
        })
        assert.equal(position.liquidity, chainLiquidity.toString(), `v4 position ${position.tokenId}`)
        assert.equal(position.status === 'CLOSED', chainLiquidity === 0n)
      }
    })

    it('behavior: explore lists tokens of every indexed network with USD prices', async () => {
      const data = await okData(
        gql<{
          tokens: { nodes: { network: string; symbol: string; priceUsd: string | null; kind: string }[] }
        }>('{ tokens(first: 100, orderBy: TVL) { nodes { network symbol priceUsd kind } } }'),
      )
      const networks = new Set(data.tokens.nodes.map((t) => t.network))
      for (const n of NETWORKS) assert.ok(networks.has(n), `tokens from ${n}`)
      const stable = data.tokens.nodes.find((t) => t.kind === 'stablecoin')
      assert.equal(stable?.priceUsd, '1')
      // Pool-derived prices stay close to the seed's reference prices.
      for (const token of eth.tokens.filter((t) => safeKinds.has(t.kind))) {
        const node = data.tokens.nodes.find((n) => n.network === 'ethereum' && n.symbol === token.symbol)
        if (!node?.priceUsd) continue
        const ratio = Number(node.priceUsd) / token.seedPriceUsd
        assert.ok(
          ratio > 0.5 && ratio < 2,
          `${token.symbol} priced ${node.priceUsd} vs seed ${token.seedPriceUsd}`,
        )
      }
    })

    it('behavior: a v2 swap shows in balances, activity, pool volume and price', async () => {
      const pool = eth.pools.find((p) => p.version === 'v2' && tradable(p.token0) && tradable(p.token1))
      assert.ok(pool && pool.version === 'v2')
      const before = await okData(
        gql<{ pool: { volume24hUsd: string; txCount: number; token0Price: string } }>(
          'query($id: String!) { pool(network: "ethereum", id: $id) { volume24hUsd txCount token0Price } }',
          { id: pool.address },
        ),
      )
      const [r0] = await reservesOf(pool.address)
      const amountIn = r0 / 200n
      const approval = await write({
        address: pool.token0,
        abi: erc20Abi,
        functionName: 'approve',
        args: [eth.contracts.v2Router02, maxUint256],
      })
      const receipt = await write({
        address: eth.contracts.v2Router02,
        abi: v2Router02Abi,
        functionName: 'swapExactTokensForTokens',
        args: [amountIn, 0n, [pool.token0, pool.token1], actor, inAnHour()],
      })
      const [c0, c1] = await reservesOf(pool.address)
      const chainBalance = await balanceOf(pool.token1, actor)
      const after = await waitFor(
        'the swap in the pool',
        async () => {
          const data = await okData(
            gql<{
              pool: {
                volume24hUsd: string
                txCount: number
                token0Price: string
                reserve0: string
                reserve1: string
              }
            }>(
              'query($id: String!) { pool(network: "ethereum", id: $id) { volume24hUsd txCount token0Price reserve0 reserve1 } }',
              { id: pool.address },
            ),
          )
          return data.pool.txCount > before.pool.txCount ? data.pool : undefined
        },
        WAIT_MS,
      )
      assert.equal(after.reserve0, c0.toString())
      assert.equal(after.reserve1, c1.toString())
      assert.ok(Number(after.volume24hUsd) > Number(before.pool.volume24hUsd), 'volume grew')
      assert.ok(
        Number(after.token0Price) < Number(before.pool.token0Price),
        'selling token0 lowers its price',
      )

      // Pool state, activity and pool transactions are written one after another while the block
      // is indexed: read them once the block's swap shows in both lists.
      const { activity, explore } = await waitFor(
        'the swap in activity and pool transactions',
        async () => {
          const activity = await okData(
            gql<{
              activity: {
                nodes: {
                  txHash: string
                  type: string
                  assetChanges: { direction: string; amount: string }[]
                }[]
              }
            }>(
              'query($a: String!) { activity(address: $a, networks: ["ethereum"], first: 5) { nodes { txHash type assetChanges { direction amount } } } }',
              { a: actor },
            ),
          )
          const explore = await okData(
            gql<{
              transactions: { nodes: { txHash: string; type: string; account: string; valueUsd: string }[] }
            }>(
              'query($p: String!) { transactions(networks: ["ethereum"], pool: $p, first: 3) { nodes { txHash type account valueUsd } } }',
              { p: pool.address },
            ),
          )
          const complete =
            activity.activity.nodes.some((n) => n.txHash === receipt.transactionHash) &&
            explore.transactions.nodes[0]?.txHash === receipt.transactionHash
          return complete ? { activity, explore } : undefined
        },
        WAIT_MS,
      )
      assert.equal(explore.transactions.nodes[0]?.txHash, receipt.transactionHash)
      assert.equal(explore.transactions.nodes[0]?.type, 'SWAP')
      assert.equal(explore.transactions.nodes[0]?.account, actor)
      const row = activity.activity.nodes.find((n) => n.txHash === receipt.transactionHash)
      assert.equal(row?.type, 'SWAP')
      assert.equal(
        activity.activity.nodes.find((n) => n.txHash === approval.transactionHash)?.type,
        'APPROVE',
      )
      assert.ok(row?.assetChanges.some((c) => c.direction === 'OUT' && c.amount === amountIn.toString()))

      const portfolio = await okData(
        gql<{ portfolio: { balances: { amount: string; token: { address: string } }[] } }>(
          'query($o: String!) { portfolio(owner: $o, networks: ["ethereum"], hideSpam: false) { balances { amount token { address } } } }',
          { o: actor },
        ),
      )
      const bal = portfolio.portfolio.balances.find(
        (b) => b.token.address.toLowerCase() === pool.token1.toLowerCase(),
      )
      assert.equal(bal?.amount, chainBalance.toString())
    })

    it('behavior: a v3 liquidity mint shows as an in-range position equal to the chain', async () => {
      const pool = eth.pools.find((p) => p.version === 'v3' && tradable(p.token0) && tradable(p.token1))
      assert.ok(pool && pool.version === 'v3')
      const [, tick] = await publicClient.readContract({
        address: pool.address,
        abi: v3PoolAbi,
        functionName: 'slot0',
      })
      const spacing = pool.tickSpacing
      const lower = Math.floor(tick / spacing) * spacing - 10 * spacing
      const upper = Math.floor(tick / spacing) * spacing + 10 * spacing
      for (const token of [pool.token0, pool.token1]) {
        await write({
          address: token,
          abi: erc20Abi,
          functionName: 'approve',
          args: [eth.contracts.nonfungiblePositionManager, maxUint256],
        })
      }
      const [bal0, bal1] = await Promise.all(
        [pool.token0, pool.token1].map((t) =>
          publicClient.readContract({ address: t, abi: erc20Abi, functionName: 'balanceOf', args: [actor] }),
        ),
      )
      const receipt = await write({
        address: eth.contracts.nonfungiblePositionManager,
        abi: nonfungiblePositionManagerAbi,
        functionName: 'mint',
        args: [
          {
            token0: pool.token0,
            token1: pool.token1,
            fee: pool.fee,
            tickLower: lower,
            tickUpper: upper,
            amount0Desired: (bal0 ?? 0n) / 1000n,
            amount1Desired: (bal1 ?? 0n) / 1000n,
            amount0Min: 0n,
            amount1Min: 0n,
            recipient: actor,
            deadline: inAnHour(),
          },
        ],
      })
      const npm = eth.contracts.nonfungiblePositionManager.toLowerCase()
      const transfer = receipt.logs.find((l) => l.address.toLowerCase() === npm && l.topics.length === 4)
      assert.ok(transfer?.topics[3])
      const tokenId = BigInt(transfer.topics[3])
      const chainPosition = await publicClient.readContract({
        address: eth.contracts.nonfungiblePositionManager,
        abi: nonfungiblePositionManagerAbi,
        functionName: 'positions',
        args: [tokenId],
      })
      const position = await waitFor(
        'the new position',
        async () => {
          const data = await okData(
            gql<{
              positions: {
                nodes: {
                  tokenId: string
                  status: string
                  liquidity: string
                  tickLower: number
                  tickUpper: number
                }[]
              }
            }>(
              'query($o: String!) { positions(owner: $o, networks: ["ethereum"], status: [IN_RANGE], first: 100) { nodes { tokenId status liquidity tickLower tickUpper } } }',
              { o: actor },
            ),
          )
          return data.positions.nodes.find((p) => p.tokenId === tokenId.toString())
        },
        WAIT_MS,
      )
      assert.equal(position.status, 'IN_RANGE')
      assert.equal(position.liquidity, chainPosition[7].toString())
      assert.equal(position.tickLower, lower)
      assert.equal(position.tickUpper, upper)
      // The same position by its id, with what the mint took from the owner and when.
      const [after0, after1] = await Promise.all(
        [pool.token0, pool.token1].map((t) =>
          publicClient.readContract({ address: t, abi: erc20Abi, functionName: 'balanceOf', args: [actor] }),
        ),
      )
      const mintBlock = await publicClient.getBlock({ blockNumber: receipt.blockNumber })
      const byId = await okData(
        gql<{ position: Record<string, string | number> | null }>(
          'query($id: String!) { position(network: "ethereum", version: V3, tokenId: $id) { tokenId deposited0 deposited1 collected0 openedAt } }',
          { id: tokenId.toString() },
        ),
      )
      assert.deepEqual(byId.position, {
        tokenId: tokenId.toString(),
        deposited0: ((bal0 ?? 0n) - (after0 ?? 0n)).toString(),
        deposited1: ((bal1 ?? 0n) - (after1 ?? 0n)).toString(),
        collected0: '0',
        openedAt: Number(mintBlock.timestamp),
      })
      const missing = await okData(
        gql<{ position: null }>(
          '{ position(network: "ethereum", version: V3, tokenId: "999999999") { tokenId } }',
        ),
      )
      assert.equal(missing.position, null)
      for (const [args, field] of [
        ['version: V3, tokenId: "12x"', 'tokenId'],
        ['version: V2, tokenId: "1"', 'version'],
      ] as const) {
        const r = await gql(`{ position(network: "ethereum", ${args}) { tokenId } }`)
        assert.equal(
          r.errors?.[0]?.extensions?.code,
          'BAD_USER_INPUT',
          `${field}: ${JSON.stringify(r.errors)}`,
        )
      }
      const liquidity = await publicClient.readContract({
        address: pool.address,
        abi: v3PoolAbi,
        functionName: 'liquidity',
      })
      const data = await okData(
        gql<{ pool: { liquidity: string } }>(
          'query($id: String!) { pool(network: "ethereum", id: $id) { liquidity } }',
          {
            id: pool.address,
          },
        ),
      )
      assert.equal(data.pool.liquidity, liquidity.toString())
    })

    it('behavior: a transfer shows as send and receive with balances equal to the chain', async () => {
      const token = eth.tokens.find((t) => t.kind === 'stablecoin' && t.transferFeeBps === 0)
      assert.ok(token)
      const recipient = privateKeyToAccount(generatePrivateKey()).address
      const amount = 123n * 10n ** BigInt(token.decimals)
      const receipt = await write({
        address: token.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [recipient, amount],
      })
      const received = await waitFor(
        'the recipient balance',
        async () => {
          const data = await okData(
            gql<{ portfolio: { totalValueUsd: string; balances: { amount: string; valueUsd: string }[] } }>(
              'query($o: String!) { portfolio(owner: $o, hideSmallBalances: true) { totalValueUsd balances { amount valueUsd } } }',
              { o: recipient },
            ),
          )
          return data.portfolio.balances.length > 0 ? data.portfolio : undefined
        },
        WAIT_MS,
      )
      assert.equal(received.balances[0]?.amount, amount.toString())
      assert.equal(received.totalValueUsd, '123')
      // Balances and activity are written one after another while the block is indexed.
      const recv = await waitFor(
        'the recipient activity',
        async () => {
          const data = await okData(
            gql<{ activity: { nodes: { txHash: string; type: string; counterparty: string }[] } }>(
              'query($a: String!) { activity(address: $a) { nodes { txHash type counterparty } } }',
              { a: recipient },
            ),
          )
          return data.activity.nodes.length > 0 ? data : undefined
        },
        WAIT_MS,
      )
      assert.deepEqual(
        recv.activity.nodes.map((n) => [n.txHash, n.type, n.counterparty]),
        [[receipt.transactionHash, 'RECEIVE', actor]],
      )
      const sent = await okData(
        gql<{ activity: { nodes: { txHash: string; type: string }[] } }>(
          'query($a: String!) { activity(address: $a, types: [SEND], first: 3) { nodes { txHash type } } }',
          { a: actor },
        ),
      )
      assert.equal(sent.activity.nodes[0]?.txHash, receipt.transactionHash)
      const chainBalance = await balanceOf(token.address, actor)
      const mine = await okData(
        gql<{ portfolio: { balances: { amount: string; token: { address: string } }[] } }>(
          'query($o: String!) { portfolio(owner: $o, networks: ["ethereum"]) { balances { amount token { address } } } }',
          { o: actor },
        ),
      )
      assert.equal(
        mine.portfolio.balances.find((b) => b.token.address === token.address)?.amount,
        chainBalance.toString(),
      )
    })

    it('behavior: plain ETH transfers (before the first start and live) show as send and receive; ETH paid to a contract makes no transfer row', async () => {
      type Node = {
        txHash: string
        type: string
        counterparty: string | null
        assetChanges: { direction: string; amount: string; token: { isNative: boolean } | null }[]
      }
      const activityOf = (address: string) =>
        okData(
          gql<{ activity: { nodes: Node[] } }>(
            'query($a: String!) { activity(address: $a, networks: ["ethereum"], first: 5) { nodes { txHash type counterparty assetChanges { direction amount token { isNative } } } } }',
            { a: address },
          ),
        ).then((data) => data.activity.nodes)
      // Mined before this indexer's first start: found in the history the first start reads.
      const history = await activityOf(historyTransfer.recipient)
      assert.deepEqual(
        history.map((n) => [
          n.txHash,
          n.type,
          n.counterparty,
          n.assetChanges.map((c) => [c.direction, c.amount]),
        ]),
        [[historyTransfer.hash, 'RECEIVE', actor, [['IN', historyTransfer.value.toString()]]]],
      )
      const recipient = privateKeyToAccount(generatePrivateKey()).address
      const value = 1_234_567_890_123n
      const plain = await send(
        wallet.sendTransaction({ chain: null, account: wallet.account as never, to: recipient, value }),
      )
      // To a contract with no calldata (the Simple7702Account implementation accepts plain ETH):
      // value paid to a contract is not a transfer between people.
      const toContract = await send(
        wallet.sendTransaction({
          chain: null,
          account: wallet.account as never,
          to: eth.contracts.simple7702Account,
          value,
        }),
      )
      const received = await waitFor(
        'the recipient activity',
        async () => {
          const nodes = await activityOf(recipient)
          return nodes.length > 0 ? nodes : undefined
        },
        WAIT_MS,
      )
      assert.deepEqual(
        received.map((n) => [
          n.txHash,
          n.type,
          n.counterparty,
          n.assetChanges.map((c) => [c.direction, c.amount, c.token?.isNative]),
        ]),
        [[plain.transactionHash, 'RECEIVE', actor, [['IN', value.toString(), true]]]],
      )
      const sent = await waitFor(
        'the sender activity',
        async () => {
          const nodes = await activityOf(actor)
          return nodes.some((n) => n.txHash === plain.transactionHash) ? nodes : undefined
        },
        WAIT_MS,
      )
      const row = sent.find((n) => n.txHash === plain.transactionHash)
      assert.deepEqual(
        row && [
          row.type,
          row.counterparty,
          row.assetChanges.map((c) => [c.direction, c.amount, c.token?.isNative]),
        ],
        ['SEND', recipient, [['OUT', value.toString(), true]]],
      )
      await indexedTo('ethereum', toContract.blockNumber, 'the block paying the contract indexed', WAIT_MS)
      assert.equal(
        (await activityOf(actor)).some((n) => n.txHash === toContract.transactionHash),
        false,
        'ETH paid to a contract is not a SEND',
      )
    })

    it('behavior: charts, trending lists and NFT collections come from the seeded history', async () => {
      const weth = eth.tokens.find((t) => t.kind === 'wrapped-native')
      assert.ok(weth)
      const data = await okData(
        gql<{
          token: { priceHistory: { timestamp: number; open: string; close: string }[] }
          trendingPools: { volume24hUsd: string }[]
          nftCollections: { address: string; name: string }[]
        }>(
          'query($a: String!) { token(network: "ethereum", address: $a) { priceHistory(range: MONTH) { timestamp open close } } trendingPools(networks: ["ethereum"], first: 5) { volume24hUsd } nftCollections(networks: ["ethereum"]) { address name } }',
          { a: weth.address },
        ),
      )
      const candles = data.token.priceHistory
      assert.ok(candles.length > 5, `daily WETH candles over the seeded month: ${candles.length}`)
      assert.ok(
        candles.every((c, i) => i === 0 || c.timestamp > (candles[i - 1]?.timestamp ?? 0)),
        'candles ascend',
      )
      const volumes = data.trendingPools.map((p) => Number(p.volume24hUsd))
      assert.deepEqual(
        volumes,
        [...volumes].sort((a, b) => b - a),
      )
      assert.deepEqual(
        data.nftCollections.map((c) => c.address).sort(),
        eth.nftCollections.map((c) => c.address).sort(),
      )
      const collection = eth.nftCollections[0]
      assert.ok(collection)
      let tokenId = 1n
      let owner: Address
      try {
        owner = await ownerOf(collection.address, tokenId)
      } catch {
        tokenId = 0n
        owner = await ownerOf(collection.address, tokenId)
      }
      const nfts = await okData(
        gql<{ nfts: { nodes: { tokenId: string; collection: { address: string } }[] } }>(
          'query($o: String!) { nfts(owner: $o, networks: ["ethereum"], first: 100) { nodes { tokenId collection { address } } } }',
          { o: owner },
        ),
      )
      assert.ok(
        nfts.nfts.nodes.some(
          (n) => n.tokenId === tokenId.toString() && n.collection.address === collection.address,
        ),
      )
      // The collection page's data: stats, and each item's owner and metadata as the chain has them.
      type Item = {
        tokenId: string
        owner: string
        name: string | null
        imageUrl: string | null
        attributes: { traitType: string; value: string }[]
      }
      const page = await okData(
        gql<{
          nftCollection: { name: string; totalSupply: number; ownerCount: number; imageUrl: string | null }
          collectionNfts: { nodes: Item[]; pageInfo: { hasNextPage: boolean } }
        }>(
          'query($a: String!) { nftCollection(network: "ethereum", address: $a) { name totalSupply ownerCount imageUrl } collectionNfts(network: "ethereum", address: $a, first: 100) { nodes { tokenId owner name imageUrl attributes { traitType value } } pageInfo { hasNextPage } } }',
          { a: collection.address },
        ),
      )
      assert.equal(page.nftCollection.name, collection.name)
      assert.equal(page.collectionNfts.nodes.length, collection.totalSupply)
      assert.equal(page.collectionNfts.pageInfo.hasNextPage, false)
      const owners = new Set(page.collectionNfts.nodes.map((n) => n.owner))
      assert.equal(page.nftCollection.ownerCount, owners.size)
      const item = page.collectionNfts.nodes[0]
      assert.ok(item)
      const uri = await publicClient.readContract({
        address: collection.address,
        abi: erc721Abi,
        functionName: 'tokenURI',
        args: [BigInt(item.tokenId)],
      })
      const onChain = JSON.parse(Buffer.from(uri.split(',')[1] ?? '', 'base64').toString('utf8'))
      assert.equal(item.name, onChain.name)
      assert.equal(item.imageUrl, onChain.image)
      assert.equal(page.nftCollection.imageUrl, onChain.image)
      assert.deepEqual(item.attributes, [{ traitType: 'Hue', value: String(onChain.attributes[0].value) }])
      const chainOwner = await ownerOf(collection.address, BigInt(item.tokenId))
      assert.equal(item.owner, chainOwner)
      const unknown = await okData(
        gql<{ nftCollection: null }>(
          `{ nftCollection(network: "ethereum", address: "${zeroAddress}") { name } }`,
        ),
      )
      assert.equal(unknown.nftCollection, null)
    })

    it('behavior: wrapping the native currency shows as WRAP with the WETH balance equal to the chain', async () => {
      const receipt = await write({
        address: eth.contracts.weth9,
        abi: weth9Abi,
        functionName: 'deposit',
        value: 10n ** 17n,
      })
      const chainBalance = await balanceOf(eth.contracts.weth9, actor)
      const row = await waitFor(
        'the wrap in the activity',
        async () => {
          const data = await okData(
            gql<{
              activity: {
                nodes: {
                  txHash: string
                  type: string
                  assetChanges: {
                    direction: string
                    amount: string
                    token: { symbol: string; isNative: boolean }
                  }[]
                }[]
              }
            }>(
              'query($a: String!) { activity(address: $a, networks: ["ethereum"], first: 3) { nodes { txHash type assetChanges { direction amount token { symbol isNative } } } } }',
              { a: actor },
            ),
          )
          // The row and its legs are written one after another while the block is indexed, and
          // the API may answer in between: wait until both legs are there.
          const node = data.activity.nodes.find((n) => n.txHash === receipt.transactionHash)
          return node && node.assetChanges.length >= 2 ? node : undefined
        },
        WAIT_MS,
      )
      assert.equal(row.type, 'WRAP')
      assert.deepEqual(
        row.assetChanges.map((c) => [c.direction, c.amount, c.token.isNative]),
        [
          ['OUT', (10n ** 17n).toString(), true],
          ['IN', (10n ** 17n).toString(), false],
        ],
      )
      const data = await okData(
        gql<{ portfolio: { balances: { amount: string; token: { address: string } }[] } }>(
          'query($o: String!) { portfolio(owner: $o, networks: ["ethereum"]) { balances { amount token { address } } } }',
          { o: actor },
        ),
      )
      assert.equal(
        data.portfolio.balances.find((b) => b.token.address === eth.contracts.weth9)?.amount,
        chainBalance.toString(),
      )
    })

    it('behavior: search finds tokens by symbol and address, pools by pair and address', async () => {
      const pool = eth.pools.find((p) => p.version === 'v2' && tradable(p.token0) && tradable(p.token1))
      assert.ok(pool && pool.version === 'v2')
      const t0 = eth.tokens.find((t) => t.address === pool.token0)
      const t1 = eth.tokens.find((t) => t.address === pool.token1)
      assert.ok(t0 && t1)
      const bySymbol = await okData(
        gql<{ search: { tokens: { symbol: string }[]; pools: { address: string | null }[] } }>(
          'query($q: String!) { search(query: $q) { tokens { symbol } pools { address } } }',
          { q: `${t0.symbol}/${t1.symbol}` },
        ),
      )
      assert.ok(bySymbol.search.pools.some((p) => p.address === pool.address))
      const byAddress = await okData(
        gql<{ search: { tokens: { symbol: string }[]; pools: { address: string | null }[] } }>(
          'query($q: String!) { search(query: $q, networks: ["ethereum"]) { tokens { symbol } pools { address } } }',
          { q: pool.address.toLowerCase() },
        ),
      )
      assert.deepEqual(byAddress.search, { tokens: [], pools: [{ address: pool.address }] })
      const token = await okData(
        gql<{ search: { tokens: { symbol: string }[] } }>(
          'query($q: String!) { search(query: $q) { tokens { symbol } } }',
          {
            q: t1.address,
          },
        ),
      )
      assert.equal(token.search.tokens[0]?.symbol, t1.symbol)
    })

    it('behavior: a reorg removes data from orphaned blocks', async () => {
      const token = eth.tokens.find((t) => t.kind === 'stablecoin' && t.transferFeeBps === 0)
      assert.ok(token)
      const recipient = privateKeyToAccount(generatePrivateKey()).address
      await write({
        address: token.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [recipient, 5n],
      })
      const balanceQuery =
        'query($o: String!) { portfolio(owner: $o, networks: ["ethereum"], hideSpam: false) { balances { amount } } activity(address: $o) { nodes { txHash } } }'
      type R = { portfolio: { balances: { amount: string }[] }; activity: { nodes: unknown[] } }
      await waitFor(
        'the transfer before the reorg',
        async () => {
          const data = await okData(gql<R>(balanceQuery, { o: recipient }))
          return data.portfolio.balances.length === 1 && data.activity.nodes.length === 1 ? true : undefined
        },
        WAIT_MS,
      )
      // Replace the last block with an empty one (and one more on top so the new head is visible).
      await publicClient.request({ method: 'anvil_reorg' as never, params: [1, []] as never })
      await publicClient.request({ method: 'evm_mine' as never, params: [] as never })
      await waitFor(
        'the orphaned transfer to leave the API',
        async () => {
          const data = await okData(gql<R>(balanceQuery, { o: recipient }))
          return data.portfolio.balances.length === 0 && data.activity.nodes.length === 0 ? true : undefined
        },
        WAIT_MS,
      )
      const onChain = await balanceOf(token.address, recipient)
      assert.equal(onChain, 0n)
    })

    it('behavior: cursors walk activity, transactions and tokens without gaps or repeats', async () => {
      const lists = [
        ['activity', `activity(address: "${actor}", first: $n, after: $c)`],
        ['transactions', 'transactions(first: $n, after: $c)'],
        ['tokens', 'tokens(first: $n, after: $c)'],
      ] as const
      for (const [name, field] of lists) {
        const query = `query($n: Int, $c: String) { page: ${field} { nodes { id } pageInfo { hasNextPage endCursor } } }`
        type Page = {
          page: { nodes: { id: string }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }
        }
        const all = await okData(gql<Page>(query, { n: 9 }))
        const walked: string[] = []
        let cursor: string | null = null
        for (let i = 0; i < 3; i++) {
          const page: Page = await okData(gql<Page>(query, { n: 3, c: cursor }))
          walked.push(...page.page.nodes.map((n) => n.id))
          cursor = page.page.pageInfo.endCursor
        }
        assert.deepEqual(
          walked,
          all.page.nodes.map((n) => n.id),
          name,
        )
        assert.equal(all.page.nodes.length, 9, `${name} has at least 9 items`)
      }
    })

    it("behavior: liquidity removals are negative in the pool's transactions, adds positive", async () => {
      const pool = eth.pools.find((p) => p.version === 'v2' && tradable(p.token0) && tradable(p.token1))
      assert.ok(pool && pool.version === 'v2')
      for (const token of [pool.token0, pool.token1, pool.address]) {
        await write({
          address: token,
          abi: erc20Abi,
          functionName: 'approve',
          args: [eth.contracts.v2Router02, maxUint256],
        })
      }
      const [r0, r1] = await reservesOf(pool.address)
      const deadline = inAnHour()
      const add = await write({
        address: eth.contracts.v2Router02,
        abi: v2Router02Abi,
        functionName: 'addLiquidity',
        args: [pool.token0, pool.token1, r0 / 1000n, r1 / 1000n, 0n, 0n, actor, deadline],
        // a fixed limit: the estimate is made on the last block, and the pair's first write in a
        // new block (its price accumulators) costs more (CI saw 133,501 used of 134,641)
        gas: 400_000n,
      })
      const lp = await balanceOf(pool.address, actor)
      const remove = await write({
        address: eth.contracts.v2Router02,
        abi: v2Router02Abi,
        functionName: 'removeLiquidity',
        args: [pool.token0, pool.token1, lp, 0n, 0n, actor, deadline],
        gas: 400_000n,
      })
      const [mint] = parseEventLogs({ abi: v2PairAbi, eventName: 'Mint', logs: add.logs })
      const [burn] = parseEventLogs({ abi: v2PairAbi, eventName: 'Burn', logs: remove.logs })
      assert.ok(mint && burn)
      type Row = { txHash: string; type: string; amount0: string; amount1: string; valueUsd: string }
      const rows = await waitFor(
        'the add and the removal in the pool transactions',
        async () => {
          const data = await okData(
            gql<{ transactions: { nodes: Row[] } }>(
              'query($p: String!) { transactions(networks: ["ethereum"], pool: $p, first: 5) { nodes { txHash type amount0 amount1 valueUsd } } }',
              { p: pool.address },
            ),
          )
          const a = data.transactions.nodes.find((n) => n.txHash === add.transactionHash)
          const r = data.transactions.nodes.find((n) => n.txHash === remove.transactionHash)
          return a && r ? { a, r } : undefined
        },
        WAIT_MS,
      )
      assert.deepEqual(
        [rows.a.type, rows.a.amount0, rows.a.amount1],
        ['ADD', mint.args.amount0.toString(), mint.args.amount1.toString()],
      )
      assert.deepEqual(
        [rows.r.type, rows.r.amount0, rows.r.amount1],
        ['REMOVE', (-burn.args.amount0).toString(), (-burn.args.amount1).toString()],
      )
      assert.ok(Number(rows.r.valueUsd) > 0, 'a removal is worth a positive USD value')
    })

    it('behavior: v2 LP tokens are positions equal to balanceOf through an add, a transfer and a removal', async () => {
      const pool = eth.pools.find((p) => p.version === 'v2' && tradable(p.token0) && tradable(p.token1))
      assert.ok(pool && pool.version === 'v2')
      const write = { chain: null, account: wallet.account as never } as const
      for (const token of [pool.token0, pool.token1, pool.address]) {
        await send(
          wallet.writeContract({
            ...write,
            address: token,
            abi: erc20Abi,
            functionName: 'approve',
            args: [eth.contracts.v2Router02, maxUint256],
          }),
        )
      }
      const recipient = privateKeyToAccount(generatePrivateKey()).address
      const lpOf = (account: Address) => balanceOf(pool.address, account)
      type Node = {
        version: string
        tokenId: string
        liquidity: string
        status: string
        pool: { address: string }
      }
      /** The account's v2 position in the pair once the indexer shows `expected` LP tokens. */
      const indexed = (account: Address, expected: bigint) =>
        waitFor(
          `${account}'s v2 position at ${expected}`,
          async () => {
            const data = await okData(
              gql<{ positions: { nodes: Node[] } }>(
                'query($o: String!) { positions(owner: $o, networks: ["ethereum"], first: 100) { nodes { version tokenId liquidity status pool { address } } } }',
                { o: account },
              ),
            )
            const node = data.positions.nodes.find((n) => n.version === 'V2' && n.tokenId === pool.address)
            return node?.liquidity === expected.toString() ? node : undefined
          },
          WAIT_MS,
        )
      const [r0, r1] = await reservesOf(pool.address)
      const deadline = inAnHour()
      const before = await lpOf(actor)
      await send(
        wallet.writeContract({
          ...write,
          address: eth.contracts.v2Router02,
          abi: v2Router02Abi,
          functionName: 'addLiquidity',
          args: [pool.token0, pool.token1, r0 / 1000n, r1 / 1000n, 0n, 0n, actor, deadline],
        }),
      )
      const added = await lpOf(actor)
      assert.ok(added > before, 'the add minted LP tokens')
      const afterAdd = await indexed(actor, added)
      assert.equal(afterAdd.status, 'IN_RANGE')
      assert.equal(afterAdd.pool.address, pool.address)

      const part = added / 3n
      await send(
        wallet.writeContract({
          ...write,
          address: pool.address,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [recipient, part],
        }),
      )
      assert.equal(await lpOf(recipient), part)
      assert.equal((await indexed(recipient, part)).status, 'IN_RANGE')
      assert.equal((await indexed(actor, await lpOf(actor))).status, 'IN_RANGE')

      await send(
        wallet.writeContract({
          ...write,
          address: eth.contracts.v2Router02,
          abi: v2Router02Abi,
          functionName: 'removeLiquidity',
          args: [pool.token0, pool.token1, await lpOf(actor), 0n, 0n, actor, deadline],
        }),
      )
      assert.equal(await lpOf(actor), 0n)
      assert.equal((await indexed(actor, 0n)).status, 'CLOSED')
      assert.equal((await indexed(recipient, part)).status, 'IN_RANGE')
      // Status filters apply to v2 like the others.
      const open = await okData(
        gql<{ positions: { nodes: Node[] } }>(
          'query($o: String!) { positions(owner: $o, status: [CLOSED], first: 100) { nodes { version tokenId liquidity status pool { address } } } }',
          { o: recipient },
        ),
      )
      assert.deepEqual(open.positions.nodes, [])
      // Mints, burns, the MINIMUM_LIQUIDITY lock and the pair's own transient holding are no positions.
      for (const nobody of [zeroAddress, '0x000000000000000000000000000000000000dEaD', pool.address]) {
        const data = await okData(
          gql<{ positions: { nodes: Node[] } }>(
            'query($o: String!) { positions(owner: $o, first: 100) { nodes { version tokenId liquidity status pool { address } } } }',
            { o: nobody },
          ),
        )
        assert.deepEqual(
          data.positions.nodes.filter((n) => n.version === 'V2'),
          [],
          `no v2 position for ${nobody}`,
        )
      }
    })

    it("behavior: a v2 position's history: the mint's deposit, a transfer's pro-rata basis, the burn's withdrawal and its fees; the pool's price candles", async () => {
      const pool = eth.pools.find((p) => p.version === 'v2' && tradable(p.token0) && tradable(p.token1))
      assert.ok(pool && pool.version === 'v2')
      for (const token of [pool.token0, pool.token1, pool.address]) {
        await write({
          address: token,
          abi: erc20Abi,
          functionName: 'approve',
          args: [eth.contracts.v2Router02, maxUint256],
        })
      }
      type History = {
        liquidity: string
        deposited0: string
        deposited1: string
        withdrawn0: string
        withdrawn1: string
        collected0: string
        collected1: string
        lpBasisInvariant: string
      }
      const zero: History = {
        liquidity: '0',
        deposited0: '0',
        deposited1: '0',
        withdrawn0: '0',
        withdrawn1: '0',
        collected0: '0',
        collected1: '0',
        lpBasisInvariant: '0',
      }
      /** The owner's v2 position in the pair once the indexer shows `lp` LP tokens. */
      const historyOf = (owner: Address, lp: bigint) =>
        waitFor(
          `${owner}'s v2 history at ${lp}`,
          async () => {
            const data = await okData(
              gql<{ v2Position: History | null }>(
                'query($p: String!, $o: String!) { v2Position(network: "ethereum", pair: $p, owner: $o) { liquidity deposited0 deposited1 withdrawn0 withdrawn1 collected0 collected1 lpBasisInvariant } }',
                { p: pool.address, o: owner },
              ),
            )
            const h = data.v2Position ?? zero
            return h.liquidity === lp.toString() ? h : undefined
          },
          WAIT_MS,
        )
      const deadline = inAnHour()
      const removeAll = async () => {
        const lp = await balanceOf(pool.address, actor)
        if (lp === 0n) return undefined
        const receipt = await write({
          address: eth.contracts.v2Router02,
          abi: v2Router02Abi,
          functionName: 'removeLiquidity',
          args: [pool.token0, pool.token1, lp, 0n, 0n, actor, deadline],
          gas: 400_000n,
        })
        const [burn] = parseEventLogs({ abi: v2PairAbi, eventName: 'Burn', logs: receipt.logs })
        assert.ok(burn)
        return burn.args
      }
      // Start from no LP tokens: the basis is then exactly what the next mint pays.
      await removeAll()
      const start = await historyOf(actor, 0n)
      assert.equal(start.lpBasisInvariant, '0', 'a full burn takes the whole basis')

      const [r0, r1] = await reservesOf(pool.address)
      const add = await write({
        address: eth.contracts.v2Router02,
        abi: v2Router02Abi,
        functionName: 'addLiquidity',
        args: [pool.token0, pool.token1, r0 / 1000n, r1 / 1000n, 0n, 0n, actor, deadline],
        gas: 400_000n,
      })
      const [mint] = parseEventLogs({ abi: v2PairAbi, eventName: 'Mint', logs: add.logs })
      assert.ok(mint)
      const { amount0, amount1 } = mint.args
      const minted = await balanceOf(pool.address, actor)
      const opened = await historyOf(actor, minted)
      assert.deepEqual(
        [opened.deposited0, opened.deposited1, opened.lpBasisInvariant],
        [
          (BigInt(start.deposited0) + amount0).toString(),
          (BigInt(start.deposited1) + amount1).toString(),
          v2Invariant(amount0, amount1).toString(),
        ],
        'the mint deposits what it paid; the basis is its invariant',
      )

      // A third of the LP tokens to a new owner carries a third of the basis.
      const recipient = privateKeyToAccount(generatePrivateKey()).address
      const part = minted / 3n
      await write({ address: pool.address, abi: erc20Abi, functionName: 'transfer', args: [recipient, part] })
      const moved0 = (amount0 * part) / minted
      const moved1 = (amount1 * part) / minted
      const received = await historyOf(recipient, part)
      assert.deepEqual(
        [received.deposited0, received.deposited1, received.withdrawn0, received.lpBasisInvariant],
        [
          moved0.toString(),
          moved1.toString(),
          '0',
          ((v2Invariant(amount0, amount1) * part) / minted).toString(),
        ],
      )
      const kept = await historyOf(actor, minted - part)
      assert.deepEqual(
        [kept.deposited0, kept.deposited1],
        [(BigInt(opened.deposited0) - moved0).toString(), (BigInt(opened.deposited1) - moved1).toString()],
        "the sender's deposit loses the basis it gave away",
      )

      // A swap's fee stays in the pair: the burn pays it out beside the principal.
      await write({
        address: eth.contracts.v2Router02,
        abi: v2Router02Abi,
        functionName: 'swapExactTokensForTokens',
        args: [(await balanceOf(pool.token0, actor)) / 4n, 0n, [pool.token0, pool.token1], actor, deadline],
      })
      const burn = await removeAll()
      assert.ok(burn)
      const closed = await historyOf(actor, 0n)
      // The pool's price candles end at its current price, in the hour of the latest block.
      type Candle = { timestamp: number; open: string; high: string; low: string; close: string }
      const latest = await publicClient.getBlock()
      const [c0, c1] = await reservesOf(pool.address)
      const decimalsOf = (a: Address) =>
        eth.tokens.find((t) => t.address.toLowerCase() === a.toLowerCase())?.decimals
      const [d0, d1] = [decimalsOf(pool.token0), decimalsOf(pool.token1)]
      assert.ok(d0 !== undefined && d1 !== undefined)
      const chainPrice = Number(c1) / 10 ** d1 / (Number(c0) / 10 ** d0)
      const history = await okData(
        gql<{ pool: { token0Price: string; day: Candle[]; all: Candle[] } }>(
          'query($p: String!) { pool(network: "ethereum", id: $p) { token0Price day: priceHistory(range: DAY) { timestamp open high low close } all: priceHistory(range: ALL) { timestamp close } } }',
          { p: pool.address },
        ),
      )
      const last = history.pool.day.at(-1)
      assert.ok(last, 'hourly candles')
      assert.equal(last.timestamp, Number(latest.timestamp) - (Number(latest.timestamp) % 3600))
      assert.equal(last.close, history.pool.token0Price)
      assert.ok(
        Math.abs(Number(last.close) / chainPrice - 1) < 1e-9,
        `close ${last.close} vs chain ${chainPrice}`,
      )
      assert.ok(Number(last.low) <= Number(last.close) && Number(last.close) <= Number(last.high))
      assert.equal(
        history.pool.all.at(-1)?.timestamp,
        Number(latest.timestamp) - (Number(latest.timestamp) % 86400),
      )
      const fees = v2FeesWithin(burn.amount0, burn.amount1, BigInt(kept.lpBasisInvariant))
      assert.ok(fees.fees0 > 0n && fees.fees1 > 0n, 'the swap paid fees')
      assert.deepEqual(
        [closed.withdrawn0, closed.withdrawn1, closed.collected0, closed.collected1, closed.lpBasisInvariant],
        [
          (BigInt(kept.withdrawn0) + burn.amount0).toString(),
          (BigInt(kept.withdrawn1) + burn.amount1).toString(),
          (BigInt(kept.collected0) + fees.fees0).toString(),
          (BigInt(kept.collected1) + fees.fees1).toString(),
          '0',
        ],
        'the burn withdraws what it paid; its fees are the invariant it gained',
      )
      assert.equal(closed.deposited0, kept.deposited0, 'a burn leaves the deposits as they were')
    })

    it('behavior: native-currency legs in activity equal what the account paid and received', async () => {
      type Change = { direction: string; amount: string; token: { isNative: boolean; address: string } }
      const activityOf = (txHash: string) =>
        waitFor(
          `activity of ${txHash}`,
          async () => {
            const data = await okData(
              gql<{ activity: { nodes: { txHash: string; type: string; assetChanges: Change[] }[] } }>(
                'query($a: String!) { activity(address: $a, networks: ["ethereum"], first: 10) { nodes { txHash type assetChanges { direction amount token { isNative address } } } } }',
                { a: actor },
              ),
            )
            return data.activity.nodes.find((n) => n.txHash === txHash)
          },
          WAIT_MS,
        )
      const nativeOf = (changes: Change[]) =>
        changes.filter((c) => c.token.isNative).map((c) => [c.direction, c.amount])

      // v2: exact output paid in ETH; the router refunds what it did not need.
      const v2 = eth.pools.find(
        (p) =>
          p.version === 'v2' &&
          [p.token0, p.token1].includes(eth.contracts.weth9) &&
          tradable(p.token0) &&
          tradable(p.token1),
      )
      assert.ok(v2 && v2.version === 'v2')
      const other = v2.token0 === eth.contracts.weth9 ? v2.token1 : v2.token0
      const reserves = await reservesOf(v2.address)
      const amountOut = (v2.token0 === other ? reserves[0] : reserves[1]) / 10_000n
      const [amountIn] = await publicClient.readContract({
        address: eth.contracts.v2Router02,
        abi: v2Router02Abi,
        functionName: 'getAmountsIn',
        args: [amountOut, [eth.contracts.weth9, other]],
      })
      assert.ok(amountIn !== undefined)
      const exactOut = await write({
        address: eth.contracts.v2Router02,
        abi: v2Router02Abi,
        functionName: 'swapETHForExactTokens',
        args: [amountOut, [eth.contracts.weth9, other], actor, inAnHour()],
        value: amountIn * 2n,
      })
      const row = await activityOf(exactOut.transactionHash)
      assert.equal(row.type, 'SWAP')
      assert.deepEqual(nativeOf(row.assetChanges), [['OUT', amountIn.toString()]])

      // v4: a token sold into a native-currency pool pays out ETH from the PoolManager.
      const v4 = nativeV4Pool()
      const token = v4.currency1
      const balance = await balanceOf(token, actor)
      assert.ok(balance > 0n, 'the actor holds the pool token')
      await allowUniversalRouter(token)
      // Some 0.1 % of the pool's in-range token1 (L * sqrtP), and of what the actor holds.
      const inPool = (await inRangeToken1(v4.poolId)) / 1000n
      const sold = inPool < balance / 1000n ? inPool : balance / 1000n
      const swap = await write({
        address: eth.contracts.universalRouter,
        abi: universalRouterAbi,
        functionName: 'execute',
        args: [
          byteString([urCommands.V4_SWAP]),
          [
            v4ExactInSingleSwap({
              poolKey: poolKeyOf(v4),
              zeroForOne: false,
              amountIn: sold,
              amountOutMinimum: 0n,
            }),
          ],
          inAnHour(),
        ],
        gas: 1_500_000n,
      })
      const [event] = parseEventLogs({ abi: v4PoolManagerAbi, eventName: 'Swap', logs: swap.logs })
      assert.ok(event && event.args.amount0 > 0n)
      const v4Row = await activityOf(swap.transactionHash)
      assert.equal(v4Row.type, 'SWAP')
      assert.deepEqual(nativeOf(v4Row.assetChanges), [['IN', event.args.amount0.toString()]])
      assert.ok(
        v4Row.assetChanges.some(
          (c) => c.direction === 'OUT' && c.amount === sold.toString() && c.token.address === token,
        ),
      )

      // v4 paying the ETH to another recipient: the recipient receives it, not the sender.
      const friend = privateKeyToAccount(generatePrivateKey()).address
      const toFriend = await write({
        address: eth.contracts.universalRouter,
        abi: universalRouterAbi,
        functionName: 'execute',
        args: [
          byteString([urCommands.V4_SWAP]),
          [
            v4Plan([
              v4SwapExactInSingle({
                poolKey: poolKeyOf(v4),
                zeroForOne: false,
                amountIn: sold,
                amountOutMinimum: 0n,
              }),
              v4SettleAll(token, sold),
              v4Take(zeroAddress, friend, V4_OPEN_DELTA),
            ]),
          ],
          inAnHour(),
        ],
        gas: 1_500_000n,
      })
      const received = await publicClient.getBalance({ address: friend })
      assert.ok(received > 0n)
      const senderRow = await activityOf(toFriend.transactionHash)
      assert.deepEqual(nativeOf(senderRow.assetChanges), [], 'the sender received no ETH')
      const friendRow = await waitFor(
        "the recipient's activity",
        async () => {
          const data = await okData(
            gql<{
              activity: {
                nodes: { txHash: string; type: string; counterparty: string | null; assetChanges: Change[] }[]
              }
            }>(
              'query($a: String!) { activity(address: $a, networks: ["ethereum"], first: 10) { nodes { txHash type counterparty assetChanges { direction amount token { isNative address } } } } }',
              { a: friend },
            ),
          )
          return data.activity.nodes.find((n) => n.txHash === toFriend.transactionHash)
        },
        WAIT_MS,
      )
      assert.equal(friendRow.type, 'RECEIVE')
      assert.equal(friendRow.counterparty, actor)
      assert.deepEqual(nativeOf(friendRow.assetChanges), [['IN', received.toString()]])
    })

    it('behavior: prices derived through WETH follow its moves at once, and ETH is priced as WETH', async () => {
      const weth = eth.contracts.weth9
      const stables = new Set(
        eth.tokens.filter((t) => t.kind === 'stablecoin' && t.safety === 'verified').map((t) => t.address),
      )
      // LINK trades only against WETH/ETH: its USD price is derived through WETH's.
      const link = eth.tokens.find((t) => t.symbol === 'LINK')
      assert.ok(link)
      type P = { token: { priceUsd: string } | null }
      const prices = async () => {
        const data = await okData(
          gql<{ weth: P['token']; eth: P['token']; link: P['token'] }>(
            `{ weth: token(network: "ethereum", address: "${weth}") { priceUsd } eth: token(network: "ethereum", address: "${zeroAddress}") { priceUsd } link: token(network: "ethereum", address: "${link.address}") { priceUsd } }`,
          ),
        )
        return {
          weth: Number(data.weth?.priceUsd),
          eth: Number(data.eth?.priceUsd),
          link: Number(data.link?.priceUsd),
        }
      }
      const before = await prices()
      assert.ok(before.weth > 0 && before.link > 0)
      // Buy WETH/ETH with stablecoins in every pool that could price it (none holds LINK).
      const deadline = inAnHour()
      for (const stable of stables) {
        // The devnet's test tokens mint to anyone: enough to move every pool by a few percent.
        await write({
          address: stable,
          abi: parseAbi(['function mint(address to, uint256 amount)']),
          functionName: 'mint',
          args: [actor, 10n ** 30n],
        })
        await allowUniversalRouter(stable)
      }
      let moved = 0
      for (const p of eth.pools) {
        let command: number
        let input: Hex
        if (p.version === 'v4') {
          if (p.currency0 !== zeroAddress || p.hooks !== zeroAddress || !stables.has(p.currency1)) continue
          // About 1 % of the in-range token1 amount.
          const amountIn = (await inRangeToken1(p.poolId)) / 100n
          command = urCommands.V4_SWAP
          input = v4ExactInSingleSwap({
            poolKey: {
              currency0: p.currency0,
              currency1: p.currency1,
              fee: p.fee,
              tickSpacing: p.tickSpacing,
              hooks: p.hooks,
            },
            zeroForOne: false,
            amountIn,
            amountOutMinimum: 0n,
          })
        } else {
          const stable = [p.token0, p.token1].find((t) => stables.has(t))
          if (!stable || ![p.token0, p.token1].includes(weth)) continue
          const reserve = await balanceOf(stable, p.address)
          const amountIn = reserve / 50n
          if (p.version === 'v2') {
            command = urCommands.V2_SWAP_EXACT_IN
            input = v2SwapInput({
              recipient: actor,
              amount: amountIn,
              limit: 0n,
              path: [stable, weth],
              payerIsUser: true,
            })
          } else {
            command = urCommands.V3_SWAP_EXACT_IN
            input = v3SwapInput({
              recipient: actor,
              amount: amountIn,
              limit: 0n,
              path: v3Path([stable, weth], [p.fee]),
              payerIsUser: true,
            })
          }
        }
        await write({
          address: eth.contracts.universalRouter,
          abi: universalRouterAbi,
          functionName: 'execute',
          args: [byteString([command]), [input], deadline],
          gas: 1_500_000n,
        })
        moved++
      }
      assert.ok(moved >= 3, `pools that price WETH: ${moved}`)
      const after = await waitFor(
        'WETH to reprice',
        async () => {
          const now = await prices()
          return now.weth > before.weth * (1 + 1e-6) ? now : undefined
        },
        WAIT_MS,
      )
      const close = (a: number, b: number) => Math.abs(a / b - 1) < 1e-9
      assert.ok(
        close(after.link / before.link, after.weth / before.weth),
        `LINK ${before.link} -> ${after.link} while WETH ${before.weth} -> ${after.weth}`,
      )
      assert.ok(close(before.eth, before.weth), `ETH ${before.eth} vs WETH ${before.weth}`)
      assert.ok(close(after.eth, after.weth), `ETH ${after.eth} vs WETH ${after.weth}`)
    })

    it('behavior: tokenPrices serves pool-derived USD prices of given tokens, in the order given', async () => {
      const link = eth.tokens.find((t) => t.symbol === 'LINK')
      const usdc = eth.tokens.find((t) => t.symbol === 'USDC' && t.kind === 'stablecoin')
      assert.ok(link && usdc)
      const unknown = privateKeyToAccount(generatePrivateKey()).address
      const asked = [link.address, zeroAddress, eth.contracts.weth9, usdc.address, unknown]
      type Price = { network: string; address: string; priceUsd: string | null; asOf: number }
      const data = await okData(
        gql<{ tokenPrices: Price[]; tokens: { nodes: { address: string; priceUsd: string | null }[] } }>(
          'query($t: [TokenRef!]!) { tokenPrices(tokens: $t) { network address priceUsd asOf } tokens(networks: ["ethereum"], first: 100, includeSpam: true) { nodes { address priceUsd } } }',
          { t: asked.map((address) => ({ network: 'ethereum', address: address.toLowerCase() })) },
        ),
      )
      assert.deepEqual(
        data.tokenPrices.map((p) => p.address),
        asked.map((a) => getAddress(a)),
      )
      const listed = new Map(data.tokens.nodes.map((n) => [n.address, n.priceUsd]))
      const [linkPrice, ethPrice, wethPrice, usdcPrice, unknownPrice] = data.tokenPrices
      assert.equal(linkPrice?.priceUsd, listed.get(getAddress(link.address)))
      assert.ok(Number(linkPrice?.priceUsd) > 0)
      assert.equal(ethPrice?.priceUsd, wethPrice?.priceUsd)
      assert.equal(usdcPrice?.priceUsd, '1')
      assert.equal(unknownPrice?.priceUsd, null)
      const head = await publicClient.getBlock()
      assert.ok(data.tokenPrices.every((p) => p.network === 'ethereum' && p.asOf <= Number(head.timestamp)))
      const bad: [unknown, string][] = [
        [[], 'none'],
        [Array.from({ length: 101 }, () => ({ network: 'ethereum', address: unknown })), '101 tokens'],
        [[{ network: 'ethereum', address: '0x12' }], 'bad address'],
        [[{ network: 'mars', address: unknown }], 'bad network'],
      ]
      for (const [t, what] of bad) {
        const r = await gql('query($t: [TokenRef!]!) { tokenPrices(tokens: $t) { priceUsd } }', { t })
        assert.equal(
          r.errors?.[0]?.extensions?.code,
          'BAD_USER_INPUT',
          `${what}: ${JSON.stringify(r.errors)}`,
        )
      }
    })

    it("behavior: a token lists itself on the other networks (sameTokens) and tokenBalances gives the owner's balance on each, equal to the chain; buy and sell fees are the transfer fee the contract takes", async () => {
      const base = manifest.networks.base
      assert.ok(base)
      const baseClient = createPublicClient({ transport: http(base.rpcUrl) }) as PublicClient
      const uni = eth.tokens.find((t) => t.symbol === 'UNI')
      assert.ok(uni)
      const uniOnBase = base.tokens.find((t) => t.symbol === 'UNI' && t.name === uni.name)
      assert.ok(uniOnBase, 'the devnet seeds UNI on base too')
      type Token = { network: string; address: string; buyFeeBps: number | null; sellFeeBps: number | null }
      const { token } = await okData(
        gql<{ token: Token & { sameTokens: Token[] } }>(
          'query($a: String!) { token(network: "ethereum", address: $a) { network address buyFeeBps sellFeeBps sameTokens { network address buyFeeBps sellFeeBps } } }',
          { a: uni.address },
        ),
      )
      assert.deepEqual(
        token.sameTokens.map((t) => [t.network, t.address]),
        [['base', getAddress(uniOnBase.address)]],
      )
      assert.deepEqual([token.buyFeeBps, token.sellFeeBps], [0, 0])

      // The owner's balances equal the chain's; an account that never held any has 0 everywhere.
      const owner = manifest.accounts[0]?.address
      assert.ok(owner)
      const stranger = privateKeyToAccount(generatePrivateKey()).address
      const refs = [
        { network: 'ethereum', address: uni.address },
        { network: 'base', address: uniOnBase.address },
        { network: 'base', address: zeroAddress },
      ]
      type Balance = { network: string; amount: string; token: { address: string } }
      const balancesOf = async (who: string) =>
        (
          await okData(
            gql<{ tokenBalances: Balance[] }>(
              'query($o: String!, $t: [TokenRef!]!) { tokenBalances(owner: $o, tokens: $t) { network amount token { address } } }',
              { o: who, t: refs },
            ),
          )
        ).tokenBalances
      const [onEth, onBase, ethOnBase] = await balancesOf(owner)
      const read = (client: PublicClient, address: Address) =>
        client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
      assert.equal(onEth?.network, 'ethereum')
      assert.equal(onEth?.amount, (await read(publicClient, uni.address)).toString())
      assert.equal(onBase?.network, 'base')
      assert.equal(onBase?.amount, (await read(baseClient, uniOnBase.address)).toString())
      assert.equal(ethOnBase?.token.address, zeroAddress)
      assert.equal(ethOnBase?.amount, (await baseClient.getBalance({ address: owner })).toString())
      assert.deepEqual(
        (await balancesOf(stranger)).map((b) => b.amount),
        ['0', '0', '0'],
      )

      // A fee-on-transfer token: the fee its contract takes on every transfer, on a buy and a sell.
      const taxed = eth.tokens.find((t) => t.kind === 'fee-on-transfer')
      assert.ok(taxed)
      const feeBps = await publicClient.readContract({
        address: taxed.address,
        abi: feeOnTransferTokenAbi,
        functionName: 'feeBps',
      })
      assert.ok(feeBps > 0n)
      const fees = await okData(
        gql<{ token: Token }>(
          'query($a: String!) { token(network: "ethereum", address: $a) { buyFeeBps sellFeeBps } }',
          {
            a: taxed.address,
          },
        ),
      )
      assert.deepEqual([fees.token.buyFeeBps, fees.token.sellFeeBps], [Number(feeBps), Number(feeBps)])

      const bad: [unknown, unknown, string][] = [
        [owner, [], 'no tokens'],
        [owner, Array.from({ length: 21 }, () => refs[0]), '21 tokens'],
        ['0x12', refs, 'bad owner'],
        [owner, [{ network: 'mars', address: uni.address }], 'bad network'],
      ]
      for (const [o, t, what] of bad) {
        const r = await gql(
          'query($o: String!, $t: [TokenRef!]!) { tokenBalances(owner: $o, tokens: $t) { amount } }',
          {
            o,
            t,
          },
        )
        assert.equal(
          r.errors?.[0]?.extensions?.code,
          'BAD_USER_INPUT',
          `${what}: ${JSON.stringify(r.errors)}`,
        )
      }
    })

    it('behavior: collecting and removing v4 native-pool liquidity: activity shows the ETH received with its fees, reserves drop by exactly what left', async () => {
      const v4 = nativeV4Pool()
      const key = poolKeyOf(v4)
      const token = v4.currency1
      const pm = eth.contracts.v4PositionManager
      const deadline = inAnHour()
      const view = { address: eth.contracts.v4StateView, abi: v4StateViewAbi } as const
      // The devnet's test tokens mint to anyone.
      await write({
        address: token,
        abi: parseAbi(['function mint(address to, uint256 amount)']),
        functionName: 'mint',
        args: [actor, 10n ** 30n],
      })
      await allowThroughPermit2(token, pm)
      await allowUniversalRouter(token)

      // A position of 1 % of the pool's in-range liquidity, some 35 % of price either side.
      const [sqrtPriceX96, tick] = await publicClient.readContract({
        ...view,
        functionName: 'getSlot0',
        args: [v4.poolId],
      })
      const poolLiquidity = await publicClient.readContract({
        ...view,
        functionName: 'getLiquidity',
        args: [v4.poolId],
      })
      const spacing = v4.tickSpacing
      const tickLower = Math.floor((tick - 3000) / spacing) * spacing
      const tickUpper = Math.ceil((tick + 3000) / spacing) * spacing
      const liquidity = poolLiquidity / 100n
      const needed = amountsForLiquidityDelta(sqrtPriceX96, tick, tickLower, tickUpper, liquidity)
      const mint = await write({
        address: pm,
        abi: v4PositionManagerAbi,
        functionName: 'modifyLiquidities',
        args: [
          v4MintPayload({
            key,
            tickLower,
            tickUpper,
            liquidity,
            amount0Max: needed.amount0 * 2n,
            amount1Max: needed.amount1 * 2n,
            owner: actor,
          }),
          deadline,
        ],
        value: needed.amount0 * 2n,
        gas: 1_500_000n,
      })
      const [minted] = parseEventLogs({ abi: v4PositionManagerAbi, eventName: 'Transfer', logs: mint.logs })
      assert.ok(minted)
      const tokenId = minted.args.id
      /** What the actor's ETH and token balances changed by in a transaction (gas excluded). */
      const balanceChange = async (receipt: typeof mint) => {
        const at = async (blockNumber: bigint) =>
          [
            await publicClient.getBalance({ address: actor, blockNumber }),
            await publicClient.readContract({
              address: token,
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [actor],
              blockNumber,
            }),
          ] as const
        const [eth0, token0] = await at(receipt.blockNumber - 1n)
        const [eth1, token1] = await at(receipt.blockNumber)
        return [eth1 - eth0 + receipt.gasUsed * receipt.effectiveGasPrice, token1 - token0] as const
      }
      type IndexedPosition = Record<
        'deposited0' | 'deposited1' | 'withdrawn0' | 'withdrawn1' | 'collected0' | 'collected1',
        string
      > & { openedAt: number; liquidity: string }
      /** The indexer's record of the position once it has indexed `block`. */
      const indexedPosition = (block: bigint) =>
        waitFor(
          `position ${tokenId} at block ${block}`,
          async () => {
            const data = await okData(
              gql<{ networks: { network: string; blockNumber: string }[]; position: IndexedPosition | null }>(
                'query($id: String!) { networks { network blockNumber } position(network: "ethereum", version: V4, tokenId: $id) { liquidity deposited0 deposited1 withdrawn0 withdrawn1 collected0 collected1 openedAt } }',
                { id: tokenId.toString() },
              ),
            )
            const state = data.networks.find((x) => x.network === 'ethereum')
            return state && BigInt(state.blockNumber) >= block && data.position ? data.position : undefined
          },
          WAIT_MS,
        )
      // The deposit the position-vs-holding comparison starts from: what the mint took, measured on chain.
      const [ethPaid, tokenPaid] = await balanceChange(mint)
      const opened = await indexedPosition(mint.blockNumber)
      const mintBlock = await publicClient.getBlock({ blockNumber: mint.blockNumber })
      assert.deepEqual(
        [opened.deposited0, opened.deposited1, opened.collected0, opened.collected1, opened.openedAt],
        [(-ethPaid).toString(), (-tokenPaid).toString(), '0', '0', Number(mintBlock.timestamp)],
        'deposited = what the mint took from the owner; opened at the mint block',
      )

      /** Swaps through the pool both ways so the position earns fees in both currencies. */
      const earnFees = async () => {
        // Some 0.5 % of the in-range amounts (L * sqrtP and L / sqrtP) each way.
        const [sqrtPrice] = await publicClient.readContract({
          ...view,
          functionName: 'getSlot0',
          args: [v4.poolId],
        })
        const inRange = await publicClient.readContract({
          ...view,
          functionName: 'getLiquidity',
          args: [v4.poolId],
        })
        for (const zeroForOne of [false, true]) {
          const amountIn = zeroForOne
            ? (inRange * 2n ** 96n) / sqrtPrice / 200n
            : (inRange * sqrtPrice) / 2n ** 96n / 200n
          await write({
            address: eth.contracts.universalRouter,
            abi: universalRouterAbi,
            functionName: 'execute',
            args: [
              byteString([urCommands.V4_SWAP]),
              [v4ExactInSingleSwap({ poolKey: key, zeroForOne, amountIn, amountOutMinimum: 0n })],
              deadline,
            ],
            value: zeroForOne ? amountIn : 0n,
            gas: 1_500_000n,
          })
        }
      }
      type Change = { direction: string; amount: string; token: { isNative: boolean; address: string } }
      type Reserves = { reserve0: string; reserve1: string }
      /** The pool's indexed reserves once the indexer is at `block` and they hold still for 0.5 s. */
      const reservesAt = async (block: bigint) => {
        let last: string | undefined
        return waitFor(
          `the pool's reserves at block ${block}`,
          async () => {
            const data = await okData(
              gql<{ networks: { network: string; blockNumber: string }[]; pool: Reserves }>(
                'query($id: String!) { networks { network blockNumber } pool(network: "ethereum", id: $id) { reserve0 reserve1 } }',
                { id: v4.poolId },
              ),
            )
            const state = data.networks.find((x) => x.network === 'ethereum')
            const now = `${data.pool.reserve0}:${data.pool.reserve1}`
            const settled = state && BigInt(state.blockNumber) >= block && now === last
            last = now
            if (settled) return [BigInt(data.pool.reserve0), BigInt(data.pool.reserve1)] as const
            await new Promise((r) => setTimeout(r, 500))
            return undefined
          },
          WAIT_MS,
        )
      }
      /**
       * Takes `liquidity` out of the position (0: its fees only) to the actor and checks what the
       * actor received, measured on chain, against the activity row and the pool's reserves.
       */
      const takeOut = async (remove: bigint, type: string) => {
        const before = await publicClient.getBlockNumber()
        const [reserve0Before, reserve1Before] = await reservesAt(before)
        const tokenBefore = await balanceOf(token, actor)
        const receipt = await write({
          address: pm,
          abi: v4PositionManagerAbi,
          functionName: 'modifyLiquidities',
          args: [v4DecreasePayload({ key, tokenId, liquidity: remove, recipient: actor }), deadline],
          gas: 1_500_000n,
        })
        const [ethBefore, ethAfter] = await Promise.all([
          publicClient.getBalance({ address: actor, blockNumber: receipt.blockNumber - 1n }),
          publicClient.getBalance({ address: actor, blockNumber: receipt.blockNumber }),
        ])
        const ethReceived = ethAfter - ethBefore + receipt.gasUsed * receipt.effectiveGasPrice
        const tokenReceived = (await balanceOf(token, actor)) - tokenBefore
        assert.ok(ethReceived > 0n && tokenReceived > 0n, `received ${ethReceived} ETH, ${tokenReceived}`)
        const row = await waitFor(
          `activity of ${receipt.transactionHash}`,
          async () => {
            const data = await okData(
              gql<{ activity: { nodes: { txHash: string; type: string; assetChanges: Change[] }[] } }>(
                'query($a: String!) { activity(address: $a, networks: ["ethereum"], first: 10) { nodes { txHash type assetChanges { direction amount token { isNative address } } } } }',
                { a: actor },
              ),
            )
            return data.activity.nodes.find((n) => n.txHash === receipt.transactionHash)
          },
          WAIT_MS,
        )
        assert.equal(row.type, type)
        assert.deepEqual(
          row.assetChanges
            .map((c) => [c.token.isNative ? 'ETH' : c.token.address, c.direction, c.amount])
            .sort((a, b) => (a[0] === 'ETH' ? -1 : b[0] === 'ETH' ? 1 : 0)),
          [
            ['ETH', 'IN', ethReceived.toString()],
            [getAddress(token), 'IN', tokenReceived.toString()],
          ],
        )
        const [reserve0, reserve1] = await reservesAt(receipt.blockNumber)
        assert.deepEqual(
          [reserve0Before - reserve0, reserve1Before - reserve1],
          [ethReceived, tokenReceived],
          'the reserves drop by exactly what the pool paid out',
        )
        return { receipt, ethReceived, tokenReceived }
      }

      await earnFees()
      const feesOnly = await takeOut(0n, 'COLLECT_FEES')
      const afterCollect = await indexedPosition(feesOnly.receipt.blockNumber)
      assert.deepEqual(
        [afterCollect.collected0, afterCollect.collected1, afterCollect.withdrawn0, afterCollect.withdrawn1],
        [feesOnly.ethReceived.toString(), feesOnly.tokenReceived.toString(), '0', '0'],
        'collected = the fees the owner received',
      )
      await earnFees()
      const principal = amountsForLiquidityDelta(
        ...((await publicClient.readContract({ ...view, functionName: 'getSlot0', args: [v4.poolId] })).slice(
          0,
          2,
        ) as [bigint, number]),
        tickLower,
        tickUpper,
        -liquidity,
      )
      const { receipt: removal, ...removed } = await takeOut(liquidity, 'LIQUIDITY_DECREASE')
      const closed = await indexedPosition(removal.blockNumber)
      assert.deepEqual(
        [closed.liquidity, closed.withdrawn0, closed.withdrawn1, closed.collected0, closed.collected1],
        [
          '0',
          (-principal.amount0).toString(),
          (-principal.amount1).toString(),
          (feesOnly.ethReceived + removed.ethReceived + principal.amount0).toString(),
          (feesOnly.tokenReceived + removed.tokenReceived + principal.amount1).toString(),
        ],
        'withdrawn = the principal; collected = every fee paid (received minus principal)',
      )
      // The pool's transaction list shows the principal leaving the pool (negative), fees apart.
      const listed = await waitFor(
        'the removal in the pool transactions',
        async () => {
          const data = await okData(
            gql<{
              transactions: { nodes: { txHash: string; type: string; amount0: string; amount1: string }[] }
            }>(
              'query($p: String!) { transactions(networks: ["ethereum"], pool: $p, first: 10) { nodes { txHash type amount0 amount1 } } }',
              { p: v4.poolId },
            ),
          )
          return data.transactions.nodes.find((n) => n.txHash === removal.transactionHash)
        },
        WAIT_MS,
      )
      assert.deepEqual(
        [listed.type, listed.amount0, listed.amount1],
        ['REMOVE', principal.amount0.toString(), principal.amount1.toString()],
      )
    })

    it('behavior: v4 reserves equal what the PoolManager holds for the pool (positions at the current price plus unclaimed fees)', async (t) => {
      const pm = eth.contracts.v4PositionManager
      const next = await publicClient.readContract({
        address: pm,
        abi: v4PositionManagerAbi,
        functionName: 'nextTokenId',
      })
      const Q128 = 1n << 128n
      const owed = (inside: bigint, last: bigint, liquidity: bigint) =>
        (BigInt.asUintN(256, inside - last) * liquidity) / Q128
      const held = new Map<string, [bigint, bigint]>()
      for (let id = 1n; id < next; id++) {
        const liquidity = await publicClient.readContract({
          address: pm,
          abi: v4PositionManagerAbi,
          functionName: 'getPositionLiquidity',
          args: [id],
        })
        const [key, info] = await publicClient.readContract({
          address: pm,
          abi: v4PositionManagerAbi,
          functionName: 'getPoolAndPositionInfo',
          args: [id],
        })
        const poolId = poolIdOf(key).toLowerCase()
        const tickLower = Number(BigInt.asIntN(24, (info >> 8n) & 0xffffffn))
        const tickUpper = Number(BigInt.asIntN(24, (info >> 32n) & 0xffffffn))
        const [sqrtPriceX96, tick] = await publicClient.readContract({
          address: eth.contracts.v4StateView,
          abi: v4StateViewAbi,
          functionName: 'getSlot0',
          args: [poolId as Hex],
        })
        const principal = amountsForLiquidityDelta(sqrtPriceX96, tick, tickLower, tickUpper, -liquidity)
        const [, last0, last1] = await publicClient.readContract({
          address: eth.contracts.v4StateView,
          abi: v4StateViewAbi,
          functionName: 'getPositionInfo',
          args: [poolId as Hex, pm, tickLower, tickUpper, toHex(id, { size: 32 })],
        })
        const [inside0, inside1] = await publicClient.readContract({
          address: eth.contracts.v4StateView,
          abi: v4StateViewAbi,
          functionName: 'getFeeGrowthInside',
          args: [poolId as Hex, tickLower, tickUpper],
        })
        const sum = held.get(poolId) ?? [0n, 0n]
        held.set(poolId, [
          sum[0] - principal.amount0 + owed(inside0, last0, liquidity),
          sum[1] - principal.amount1 + owed(inside1, last1, liquidity),
        ])
      }
      const v4 = eth.pools.filter((p) => p.version === 'v4')
      const diffsOf = async (p: (typeof v4)[number]) => {
        const expected = held.get(p.poolId.toLowerCase()) ?? [0n, 0n]
        const data = await okData(
          gql<{ pool: { reserve0: string; reserve1: string } }>(
            'query($id: String!) { pool(network: "ethereum", id: $id) { reserve0 reserve1 } }',
            { id: p.poolId },
          ),
        )
        return {
          expected,
          diffs: [BigInt(data.pool.reserve0) - expected[0], BigInt(data.pool.reserve1) - expected[1]],
        }
      }
      // The chain was read at its head; the earlier tests' last blocks may still be indexing.
      const head = await publicClient.getBlockNumber()
      await waitFor(
        'ethereum indexed to the head the positions were read at',
        async () => {
          const data = await okData(
            gql<{ networks: { network: string; blockNumber: string }[] }>(
              '{ networks { network blockNumber } }',
            ),
          )
          const state = data.networks.find((x) => x.network === 'ethereum')
          if (!state || BigInt(state.blockNumber) < head) return undefined
          const all = await Promise.all(v4.map(diffsOf))
          return all.every(({ diffs }) => diffs.every((d) => d >= 0n && d <= 1_000n)) ? true : undefined
        },
        WAIT_MS,
      ).catch(() => undefined)
      for (const p of v4) {
        const { expected, diffs } = await diffsOf(p)
        t.diagnostic(
          `${p.poolId.slice(0, 10)}: indexed - attributable = ${diffs.join(', ')} (of ${expected.join(', ')})`,
        )
        // Rounding always favours the pool by a few wei per swap step and liquidity change.
        for (const [i, diff] of diffs.entries())
          assert.ok(
            diff >= 0n && diff <= 1_000n,
            `${p.poolId} reserve${i} is off by ${diff} (attributable ${expected[i]})`,
          )
      }
    })

    it('error: variable defaults, fragments and search results cannot lift the query cost', async (t) => {
      const costly = [
        'query($n: Int = 100) { pools(first: $n) { nodes { id transactions(first: $n) { nodes { id txHash blockNumber timestamp type account amount0 amount1 valueUsd } } token0 { pools(first: $n) { id tvlUsd volume24hUsd } } } } }',
        'query($n: Int = 100) { pools(first: $n) { ...P } } fragment P on PoolConnection { nodes { id transactions(first: $n) { nodes { id txHash blockNumber timestamp type account amount0 amount1 valueUsd } } } }',
        '{ search(query: "e", first: 100) { pools { id transactions(first: 100) { nodes { id txHash blockNumber timestamp type account amount0 amount1 valueUsd } } } } }',
        // Each half is within the bound; aliases and a fragment spread twice add up.
        'query($n: Int = 100) { a: pools(first: $n) { nodes { transactions(first: $n) { nodes { id } } } } b: pools(first: $n) { nodes { transactions(first: $n) { nodes { id } } } } }',
        'query { pools(first: 100) { ...T ...T2 } } fragment T on PoolConnection { nodes { transactions(first: 100) { nodes { id } } } } fragment T2 on PoolConnection { nodes { b: transactions(first: 100) { nodes { id } } } }',
        // The default of a variable the request leaves out, in an operation chosen by name.
        'query Cheap { networks { network } } query Costly($n: Int = 100) { pools(first: $n) { nodes { transactions(first: $n) { nodes { id txHash account } } } } }',
      ]
      const half =
        'query($n: Int = 100) { a: pools(first: $n) { nodes { transactions(first: $n) { nodes { id } } } } }'
      assert.equal((await gql(half)).errors, undefined, 'one half is within the bound')
      for (const query of costly) {
        const started = performance.now()
        const res = await fetch(indexer.graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query,
            ...(query.includes('query Costly') ? { operationName: 'Costly' } : {}),
          }),
          signal: AbortSignal.timeout(30_000),
        })
        const text = await res.text()
        const ms = Math.round(performance.now() - started)
        t.diagnostic(
          `${backend.name}: HTTP ${res.status}, ${text.length} bytes in ${ms} ms: ${query.slice(0, 60)}`,
        )
        const body = JSON.parse(text) as { errors?: { extensions?: { code?: string } }[] }
        assert.equal(body.errors?.[0]?.extensions?.code, 'QUERY_TOO_COMPLEX', query)
        assert.ok(text.length < 2_000, `${text.length} bytes`)
      }
    })

    it('error: hand-edited cursors and cursors of another list get BAD_USER_INPUT, never an internal error', async () => {
      type Conn = { page: { pageInfo: { endCursor: string | null } } }
      /** A real cursor of `field` and the list tag it carries (so edits keep a valid tag). */
      const realCursor = async (field: string) => {
        const data = await okData(gql<Conn>(`{ page: ${field} { pageInfo { endCursor } } }`))
        const cursor = data.page.pageInfo.endCursor
        assert.ok(cursor, `${field} has a next page`)
        const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { l: string }
        return { cursor, list: decoded.l }
      }
      const edit = (l: string, k: unknown[]) => Buffer.from(JSON.stringify({ l, k })).toString('base64url')
      const ethPool = eth.pools.find((p) => p.version === 'v2')
      const otherPool = eth.pools.find((p) => p.version === 'v3')
      assert.ok(ethPool && otherPool)
      const lists = {
        activity: `activity(address: "${actor}", first: 1)`,
        transactions: 'transactions(first: 1)',
        tokens: 'tokens(first: 1)',
        pools: 'pools(first: 1)',
      }
      const tag: Record<string, string> = {}
      const real: Record<string, string> = {}
      for (const [name, field] of Object.entries(lists)) {
        const { cursor, list } = await realCursor(field)
        tag[name] = list
        real[name] = cursor
      }
      const poolTx = (id: string) =>
        `pool(network: "ethereum", id: "${id}") { page: transactions(first: 1, after: $c) { nodes { id } } }`
      const keyed = [
        [1e300, '1', 0, 'x'],
        [1.5, '1', 0, 'x'],
        [-1e12, '1', 0, 'x'],
        [0, '1', 2.5, 'x'],
        [0, '1', 2 ** 40, 'x'],
        [0, '1', -1, 'x'],
        [0, '1', 0, 'a\u0000b'],
        [0, '1'.repeat(30), 0, 'x'],
        [0, '1', 0],
        [0, '1', 0, 'x', 5],
      ]
      const cases: [string, string | null, string][] = [
        ...keyed.map((k): [string, string, string] => [
          `activity(address: "${actor}", after: $c) { nodes { id } }`,
          edit(tag.activity as string, k),
          `activity ${JSON.stringify(k)}`,
        ]),
        ...keyed.map((k): [string, string, string] => [
          'transactions(after: $c) { nodes { id } }',
          edit(tag.transactions as string, k),
          `transactions ${JSON.stringify(k)}`,
        ]),
        ...[[1e300], [2 ** 53], [0.5], [-1], ['1'], [1, '1', 0, 'x'], [1, 1], []].map(
          (k): [string, string, string] => [
            'tokens(after: $c) { nodes { id } }',
            edit(tag.tokens as string, k),
            `tokens ${JSON.stringify(k)}`,
          ],
        ),
        [
          'tokens(after: $c) { totalCount }',
          Buffer.from('{"l":"tokens","k":[1]').toString('base64url'),
          'truncated',
        ],
        ['tokens(after: $c) { totalCount }', Buffer.from([0xff, 0xfe, 0x00]).toString('base64url'), 'binary'],
        [
          'tokens(after: $c) { totalCount }',
          Buffer.from('{"l":"tokens","k":[1]}').toString('base64'),
          'padded base64',
        ],
        ['tokens(after: $c) { totalCount }', 'A'.repeat(600), 'long'],
        ['tokens(after: $c) { totalCount }', '', 'empty'],
        ['tokens(after: $c) { totalCount }', Buffer.from('null').toString('base64url'), 'JSON null'],
        // Cursors of another list: another field, another order or filter, another account or pool.
        ['tokens(after: $c) { totalCount }', real.pools ?? null, 'pools cursor on tokens'],
        [
          'tokens(orderBy: SYMBOL, after: $c) { totalCount }',
          real.tokens ?? null,
          'tokens cursor, other order',
        ],
        ['tokens(filter: "u", after: $c) { totalCount }', real.tokens ?? null, 'tokens cursor, other filter'],
        ['pools(version: V3, after: $c) { totalCount }', real.pools ?? null, 'pools cursor, other version'],
        [
          `activity(address: "${zeroAddress}", after: $c) { nodes { id } }`,
          real.activity ?? null,
          'activity of another account',
        ],
        [
          'transactions(after: $c) { nodes { id } }',
          real.activity ?? null,
          'activity cursor on transactions',
        ],
        [
          `transactions(pool: "${ethPool.address}", after: $c) { nodes { id } }`,
          real.transactions ?? null,
          'all transactions cursor on one pool',
        ],
      ]
      // A pool's transactions cursor pages that pool only.
      const poolCursor = await okData(
        gql<{ pool: Conn | null }>(
          `query($c: String) { ${poolTx(ethPool.address)} }`.replace(
            '{ nodes { id } }',
            '{ pageInfo { endCursor } }',
          ),
          { c: null },
        ),
      )
      const ownCursor = poolCursor.pool?.page.pageInfo.endCursor ?? null
      assert.ok(ownCursor, 'the v2 pool has transactions')
      assert.equal(
        (await gql(`query($c: String) { ${poolTx(ethPool.address)} }`, { c: ownCursor })).errors,
        undefined,
      )
      for (const [field, cursor, what] of [
        ...cases.map(([f, c, w]): [string, string | null, string] => [`page: ${f}`, c, w]),
        [poolTx(otherPool.address), ownCursor, "one pool's cursor on another pool"] as [
          string,
          string,
          string,
        ],
      ]) {
        assert.ok(cursor !== null, what)
        const r = await gql(`query($c: String) { ${field} }`, { c: cursor })
        assert.equal(r.status, 200, what)
        assert.equal(
          r.errors?.[0]?.extensions?.code,
          'BAD_USER_INPUT',
          `${what}: ${JSON.stringify(r.errors)}`,
        )
        assert.ok(!JSON.stringify(r.errors).includes('    at '), `${what}: no stack`)
      }
      // The unedited cursors still page their own lists.
      for (const [name, field] of Object.entries(lists)) {
        const withAfter = field.replace(/\)$/, ', after: $c)')
        const r = await gql(`query($c: String) { page: ${withAfter} { pageInfo { endCursor } } }`, {
          c: real[name],
        })
        assert.equal(r.errors, undefined, `${name}: ${JSON.stringify(r.errors)}`)
      }
    })

    it('error: a 413 answers at once and closes the connection; a stalled body gets 408 and a closed connection', async () => {
      const { hostname, port } = new URL(indexer.graphqlUrl)
      // A body that stops arriving holds a socket: it is refused after 10 s (runs alongside the rest).
      const stalled = new Promise<{ head: string; ms: number }>((resolve) => {
        const started = Date.now()
        const s = connect(Number(port), hostname)
        let head = ''
        s.on('data', (chunk: Buffer) => {
          head += chunk.toString('latin1')
        })
        s.on('error', () => {})
        s.on('close', () => resolve({ head, ms: Date.now() - started }))
        setTimeout(() => {
          s.destroy()
          resolve({ head: `${head}(still open)`, ms: Date.now() - started })
        }, 15_000)
        s.write(
          `POST /graphql HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":`,
        )
      })
      const body = 'x'.repeat(1024 * 1024)
      const socket = connect(Number(port), hostname)
      const received: Buffer[] = []
      socket.on('data', (chunk: Buffer) => received.push(chunk))
      const closed = new Promise<'closed'>((resolve) => socket.on('close', () => resolve('closed')))
      socket.on('error', () => {})
      socket.write(
        `POST /graphql HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      )
      socket.write(body)
      const outcome = await Promise.race([
        closed,
        new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 5_000)),
      ])
      socket.destroy()
      const head = Buffer.concat(received).toString('latin1')
      assert.match(head, /^HTTP\/1\.1 413 /)
      assert.match(head, /\r\nconnection: close\r\n/i)
      assert.equal(outcome, 'closed', 'the server closes the connection after a 413')
      const res = await fetch(indexer.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(5_000),
      })
      assert.equal(res.status, 413)
      assert.equal(
        ((await res.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code,
        'BAD_USER_INPUT',
      )
      const slow = await stalled
      assert.match(slow.head, /^HTTP\/1\.1 408 /, slow.head)
      assert.match(slow.head, /\r\nconnection: close\r\n/i)
      assert.match(slow.head, /"code":"TIMEOUT"/)
      assert.ok(slow.ms >= 9_000 && slow.ms < 14_000, `closed after ${slow.ms} ms`)
    })

    it('error: no GraphQL endpoint answers without the limits', async () => {
      const query = JSON.stringify({ query: '{ __typename }' })
      for (const path of ['/ponder/graphql', '/graphql/', '/sql/db']) {
        const post = await fetch(`${indexer.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: query,
        })
        const get = await fetch(`${indexer.url}${path}?query=${encodeURIComponent('{ __typename }')}`)
        assert.equal(post.status, 404, `POST ${path}`)
        assert.equal(get.status, 404, `GET ${path}`)
      }
    })

    it('error: bad input gets typed errors, never a 500', async () => {
      const cases: [string, Record<string, unknown>, string][] = [
        ['{ tokens(networks: ["mars"]) { totalCount } }', {}, 'BAD_USER_INPUT'],
        ['{ token(network: "ethereum", address: "0x12") { symbol } }', {}, 'BAD_USER_INPUT'],
        ['{ tokens(first: 1000) { totalCount } }', {}, 'BAD_USER_INPUT'],
        ['{ tokens(after: "bogus") { totalCount } }', {}, 'BAD_USER_INPUT'],
        ['{ activity(address: "vitalik.eth") { nodes { id } } }', {}, 'BAD_USER_INPUT'],
        ['{ pool(network: "ethereum", id: "0xdead") { id } }', {}, 'BAD_USER_INPUT'],
        ['{ search(query: "") { tokens { id } } }', {}, 'BAD_USER_INPUT'],
        ['{ tokens { nodes { nope } } }', {}, 'GRAPHQL_VALIDATION_FAILED'],
        ['query($n: Int) { tokens(first: $n) { totalCount } }', { n: 'abc' }, 'BAD_USER_INPUT'],
        ['query($n: Int!) { tokens(first: $n) { totalCount } }', {}, 'BAD_USER_INPUT'],
        ['{ tokens { ', {}, 'GRAPHQL_PARSE_FAILED'],
        [
          '{ pools(first: 100) { nodes { token0 { pools(first: 100) { token1 { pools(first: 100) { id } } } } } } }',
          {},
          'QUERY_TOO_COMPLEX',
        ],
      ]
      for (const [query, variables, code] of cases) {
        const r = await gql(query, variables)
        assert.ok(r.status === 200 || r.status === 400, `${query}: HTTP ${r.status}`)
        assert.equal(r.errors?.[0]?.extensions?.code, code, `${query}: ${JSON.stringify(r.errors)}`)
      }
      const raw = await fetch(indexer.graphqlUrl, {
        method: 'POST',
        body: 'not json',
        headers: { 'content-type': 'application/json' },
      })
      assert.equal(raw.status, 400)
      const big = await fetch(indexer.graphqlUrl, { method: 'POST', body: 'x'.repeat(100_000) })
      assert.equal(big.status, 413)
    })
  })
}
