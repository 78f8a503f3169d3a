/**
 * The spec's 'migrate liquidity' and 'permit' transaction types in activity (issues #12, #13),
 * against the real devnet (ethereum) and a real Ponder on PGlite: a v2 → v3 move through the
 * V3Migrator is one MIGRATE_LIQUIDITY row (the v2 add before it stays LIQUIDITY_INCREASE), and so is
 * a v3 → v4 move the way the web app sends it (one Universal Router `execute`: the v3 decrease and
 * collect, then the v4 mint paid by the PositionManager), while a plain v4 mint stays
 * LIQUIDITY_INCREASE; a
 * standalone Permit2 `permit` (signed) and a Permit2 `approve` are PERMIT rows naming the spender; a
 * Universal Router swap that permits on the way (PERMIT2_PERMIT) is one SWAP row, not two.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startDevnet, walletTransport } from '@oxbow/devnet'
import type { NetworkDeployment } from '@oxbow/protocol'
import {
  byteString,
  erc20Abi,
  erc721Abi,
  nonfungiblePositionManagerAbi,
  PERMIT2_ADDRESS,
  permit2Abi,
  permit2PermitInput,
  permitSingleTypedData,
  universalRouterAbi,
  urCommands,
  v2Router02Abi,
  v3Path,
  v3PoolAbi,
  v3SwapInput,
  v4PositionManagerAbi,
} from '@oxbow/protocol'
import {
  v3MigrateCalldata,
  v3MintCalldata,
  v3ToV4MigrateCalldata,
  v4MintPayload,
} from '@oxbow/protocol/encoding'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  maxUint128,
  maxUint160,
  maxUint256,
  type PublicClient,
  parseEventLogs,
  type WalletClient,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { IndexerHandle } from '../scripts/launcher.ts'
import { chainActor, gqlClient, okData, startTestIndexer, waitFor } from './helpers.ts'

const PORT_BASE = 24700
const INDEXER_PORT = 24790
const WAIT_MS = 20_000

let devnet: Awaited<ReturnType<typeof startDevnet>>
let eth: NetworkDeployment
let indexer: IndexerHandle
let gql: ReturnType<typeof gqlClient>
let publicClient: PublicClient
let wallet: WalletClient
let actor: Address

before(async () => {
  devnet = await startDevnet({ networks: ['ethereum'], portBase: PORT_BASE })
  const d = devnet.manifest.networks.ethereum
  assert.ok(d)
  eth = d
  publicClient = createPublicClient({ transport: http(eth.rpcUrl) }) as PublicClient
  const acct = devnet.manifest.accounts[1]
  assert.ok(acct)
  const account = privateKeyToAccount(acct.privateKey)
  actor = account.address
  wallet = createWalletClient({ account, transport: walletTransport(eth.rpcUrl) })
  indexer = await startTestIndexer(devnet.manifestPath, INDEXER_PORT, { networks: ['ethereum'] })
  gql = gqlClient(indexer.graphqlUrl)
})

after(async () => {
  await indexer?.stop()
  await devnet?.stop()
})

const { send, write, balanceOf } = chainActor(
  () => publicClient,
  () => wallet,
)

const inAnHour = () => BigInt(Math.floor(Date.now() / 1000) + 3600)

interface Row {
  txHash: string
  type: string
  counterparty: string | null
}

/** The actor's activity row of `txHash` once the indexer has it. */
function rowOf(txHash: Hex): Promise<Row> {
  return waitFor(
    `activity of ${txHash}`,
    async () => {
      const data = await okData(
        gql<{ activity: { nodes: Row[] } }>(
          'query($a: String!) { activity(address: $a, networks: ["ethereum"], first: 20) { nodes { txHash type counterparty } } }',
          { a: actor },
        ),
      )
      const rows = data.activity.nodes.filter((n) => n.txHash.toLowerCase() === txHash.toLowerCase())
      assert.ok(rows.length <= 1, `one row per transaction, got ${JSON.stringify(rows)}`)
      return rows[0]
    },
    WAIT_MS,
  )
}

/** A v2 pair whose two tokens also have a v3 pool, and that v3 pool. */
function migratablePair() {
  for (const v2 of eth.pools) {
    if (v2.version !== 'v2') continue
    const v3 = eth.pools.find((p) => p.version === 'v3' && p.token0 === v2.token0 && p.token1 === v2.token1)
    if (v3 && v3.version === 'v3') return { v2, v3 }
  }
  assert.fail('the devnet has a v2 pair with a v3 pool of the same tokens')
}

/** A v3 pool with WETH9 on one side and the v4 pool of the native currency and the other side (no hook). */
function v3ToV4Pair() {
  const weth = eth.contracts.weth9.toLowerCase()
  for (const v3 of eth.pools) {
    if (v3.version !== 'v3' || ![v3.token0, v3.token1].some((t) => t.toLowerCase() === weth)) continue
    const other = v3.token0.toLowerCase() === weth ? v3.token1 : v3.token0
    const v4 = eth.pools.find(
      (p) =>
        p.version === 'v4' &&
        p.currency0 === zeroAddress &&
        p.currency1.toLowerCase() === other.toLowerCase() &&
        p.hooks === zeroAddress,
    )
    if (v4 && v4.version === 'v4') return { v3, v4 }
  }
  assert.fail('the devnet has a v3 WETH9 pool with a hookless native v4 pool of the same other token')
}

/** The widest range a tick spacing allows. */
const fullRange = (spacing: number) => ({
  tickLower: Math.ceil(-887272 / spacing) * spacing,
  tickUpper: Math.floor(887272 / spacing) * spacing,
})

describe('activity types', () => {
  it('behavior: a v2 → v3 move through the V3Migrator is one MIGRATE_LIQUIDITY row; the v2 add stays LIQUIDITY_INCREASE', async () => {
    const { v2, v3 } = migratablePair()
    for (const token of [v2.token0, v2.token1]) {
      await write({
        address: token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [eth.contracts.v2Router02, maxUint256],
      })
    }
    const [b0, b1] = await Promise.all([balanceOf(v2.token0, actor), balanceOf(v2.token1, actor)])
    assert.ok(b0 > 0n && b1 > 0n, 'the actor holds both tokens')
    const lpBefore = await balanceOf(v2.address, actor)
    const add = await write({
      address: eth.contracts.v2Router02,
      abi: v2Router02Abi,
      functionName: 'addLiquidity',
      args: [v2.token0, v2.token1, b0 / 100n, b1 / 100n, 0n, 0n, actor, inAnHour()],
    })
    const lp = (await balanceOf(v2.address, actor)) - lpBefore
    assert.ok(lp > 0n)
    await write({
      address: v2.address,
      abi: erc20Abi,
      functionName: 'approve',
      args: [eth.contracts.v3Migrator, lp],
    })
    const migrate = await send(
      wallet.sendTransaction({
        chain: null,
        account: wallet.account as never,
        to: eth.contracts.v3Migrator,
        data: v3MigrateCalldata({
          pair: v2.address,
          liquidityToMigrate: lp,
          percentageToMigrate: 100,
          token0: v2.token0,
          token1: v2.token1,
          fee: v3.fee,
          ...fullRange(v3.tickSpacing),
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: actor,
          deadline: inAnHour(),
          refundAsETH: false,
        }),
        gas: 3_000_000n,
      }),
    )
    assert.equal(await balanceOf(v2.address, actor), lpBefore, 'the LP tokens left the account')
    assert.equal((await rowOf(migrate.transactionHash)).type, 'MIGRATE_LIQUIDITY')
    assert.equal((await rowOf(add.transactionHash)).type, 'LIQUIDITY_INCREASE')
  })

  it('behavior: a v3 → v4 move sent as the web app sends it is one MIGRATE_LIQUIDITY row; a plain v4 mint stays LIQUIDITY_INCREASE', async () => {
    const { v3, v4 } = v3ToV4Pair()
    const npm = eth.contracts.nonfungiblePositionManager
    const posm = eth.contracts.v4PositionManager
    for (const token of [v3.token0, v3.token1]) {
      await write({ address: token, abi: erc20Abi, functionName: 'approve', args: [npm, maxUint256] })
    }
    const [b0, b1] = await Promise.all([balanceOf(v3.token0, actor), balanceOf(v3.token1, actor)])
    assert.ok(b0 > 0n && b1 > 0n, 'the actor holds both tokens')
    const mint = await send(
      wallet.sendTransaction({
        chain: null,
        account: wallet.account as never,
        to: npm,
        data: v3MintCalldata({
          token0: v3.token0,
          token1: v3.token1,
          fee: v3.fee,
          ...fullRange(v3.tickSpacing),
          amount0Desired: b0 / 1000n,
          amount1Desired: b1 / 1000n,
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: actor,
          deadline: inAnHour(),
          payingNative: false,
        }),
        gas: 1_500_000n,
      }),
    )
    const [minted] = parseEventLogs({
      abi: nonfungiblePositionManagerAbi,
      eventName: 'IncreaseLiquidity',
      logs: mint.logs,
    })
    assert.ok(minted, 'the v3 position was minted')
    const { tokenId, liquidity } = minted.args
    // What the v3 mint took of WETH9: the plain v4 mint below (a tenth of the liquidity) needs less ETH.
    const wethPaid =
      v3.token0.toLowerCase() === eth.contracts.weth9.toLowerCase()
        ? minted.args.amount0
        : minted.args.amount1
    assert.equal((await rowOf(mint.transactionHash)).type, 'LIQUIDITY_INCREASE')
    // As the app: the router approved for the v3 NFT, then one `execute` (v3ToV4MigrateCalldata).
    await write({
      address: npm,
      abi: erc721Abi,
      functionName: 'approve',
      args: [eth.contracts.universalRouter, tokenId],
    })
    const [sqrtPriceX96] = await publicClient.readContract({
      address: v3.address,
      abi: v3PoolAbi,
      functionName: 'slot0',
    })
    assert.ok(sqrtPriceX96 > 0n)
    const key = {
      currency0: v4.currency0,
      currency1: v4.currency1,
      fee: v4.fee,
      tickSpacing: v4.tickSpacing,
      hooks: v4.hooks,
    }
    const migrate = await send(
      wallet.sendTransaction({
        chain: null,
        account: wallet.account as never,
        to: eth.contracts.universalRouter,
        data: v3ToV4MigrateCalldata({
          tokenId,
          liquidity,
          amount0Min: 0n,
          amount1Min: 0n,
          v4PositionManager: posm,
          key,
          ...fullRange(v4.tickSpacing),
          // Half the v3 liquidity over the full range: what was collected pays for it at any
          // price within 4x of the v3 pool's; the rest is swept back.
          mintLiquidity: liquidity / 2n,
          amount0Max: maxUint128,
          amount1Max: maxUint128,
          owner: actor,
          deadline: inAnHour(),
          unwrapWeth: true,
        }),
        gas: 3_000_000n,
      }),
    )
    const v3After = await publicClient.readContract({
      address: npm,
      abi: nonfungiblePositionManagerAbi,
      functionName: 'positions',
      args: [tokenId],
    })
    assert.equal(v3After[7], 0n, 'the v3 position was emptied')
    const v4Minted = parseEventLogs({ abi: erc721Abi, eventName: 'Transfer', logs: migrate.logs }).filter(
      (l) => l.address.toLowerCase() === posm.toLowerCase() && l.args.from === zeroAddress,
    )
    assert.equal(v4Minted.length, 1, 'the migration minted one v4 position')
    assert.equal((await rowOf(migrate.transactionHash)).type, 'MIGRATE_LIQUIDITY')

    // A plain v4 mint in the same pool, paid by the account (the token through Permit2, ETH as value).
    await write({
      address: v4.currency1,
      abi: erc20Abi,
      functionName: 'approve',
      args: [PERMIT2_ADDRESS, maxUint256],
    })
    await write({
      address: PERMIT2_ADDRESS,
      abi: permit2Abi,
      functionName: 'approve',
      args: [v4.currency1, posm, maxUint160, 2 ** 47],
    })
    const plain = await write({
      address: posm,
      abi: v4PositionManagerAbi,
      functionName: 'modifyLiquidities',
      args: [
        v4MintPayload({
          key,
          ...fullRange(v4.tickSpacing),
          liquidity: liquidity / 10n,
          amount0Max: wethPaid,
          amount1Max: maxUint128,
          owner: actor,
        }),
        inAnHour(),
      ],
      value: wethPaid,
      gas: 1_500_000n,
    })
    assert.equal((await rowOf(plain.transactionHash)).type, 'LIQUIDITY_INCREASE')
  })

  it('behavior: a signed Permit2 permit and a Permit2 approve are PERMIT rows naming the spender', async () => {
    const token = eth.tokens.find((t) => t.kind === 'stablecoin')?.address
    assert.ok(token)
    const spender = privateKeyToAccount(generatePrivateKey()).address
    const permit = {
      details: { token, amount: 10n ** 18n, expiration: 2 ** 47, nonce: 0 },
      spender,
      sigDeadline: inAnHour(),
    }
    const signature = await wallet.signTypedData({
      account: wallet.account as never,
      ...permitSingleTypedData(eth.chainId, permit),
    })
    const signed = await write({
      address: PERMIT2_ADDRESS,
      abi: permit2Abi,
      functionName: 'permit',
      args: [actor, permit, signature],
    })
    const signedRow = await rowOf(signed.transactionHash)
    assert.equal(signedRow.type, 'PERMIT')
    assert.equal(signedRow.counterparty?.toLowerCase(), spender.toLowerCase())
    const other = privateKeyToAccount(generatePrivateKey()).address
    const approved = await write({
      address: PERMIT2_ADDRESS,
      abi: permit2Abi,
      functionName: 'approve',
      args: [token, other, 10n ** 18n, 2 ** 47],
    })
    const approvedRow = await rowOf(approved.transactionHash)
    assert.equal(approvedRow.type, 'PERMIT')
    assert.equal(approvedRow.counterparty?.toLowerCase(), other.toLowerCase())
  })

  it('behavior: a Universal Router swap that permits on the way (PERMIT2_PERMIT) is one SWAP row', async () => {
    const pool = eth.pools.find(
      (p) =>
        p.version === 'v3' &&
        [p.token0, p.token1].includes(eth.contracts.weth9) &&
        eth.tokens.some((t) => t.kind === 'stablecoin' && [p.token0, p.token1].includes(t.address)),
    )
    assert.ok(pool && pool.version === 'v3')
    const tokenIn = pool.token0 === eth.contracts.weth9 ? pool.token1 : pool.token0
    await write({
      address: tokenIn,
      abi: erc20Abi,
      functionName: 'approve',
      args: [PERMIT2_ADDRESS, maxUint256],
    })
    const amountIn = (await balanceOf(tokenIn, actor)) / 1000n
    assert.ok(amountIn > 0n)
    const [, , nonce] = await publicClient.readContract({
      address: PERMIT2_ADDRESS,
      abi: permit2Abi,
      functionName: 'allowance',
      args: [actor, tokenIn, eth.contracts.universalRouter],
    })
    const permit = {
      details: { token: tokenIn, amount: amountIn, expiration: 2 ** 47, nonce: Number(nonce) },
      spender: eth.contracts.universalRouter,
      sigDeadline: inAnHour(),
    }
    const signature = await wallet.signTypedData({
      account: wallet.account as never,
      ...permitSingleTypedData(eth.chainId, permit),
    })
    const swap = await write({
      address: eth.contracts.universalRouter,
      abi: universalRouterAbi,
      functionName: 'execute',
      args: [
        byteString([urCommands.PERMIT2_PERMIT, urCommands.V3_SWAP_EXACT_IN]),
        [
          permit2PermitInput(permit, signature),
          v3SwapInput({
            recipient: actor,
            amount: amountIn,
            limit: 0n,
            path: v3Path([tokenIn, eth.contracts.weth9], [pool.fee]),
            payerIsUser: true,
          }),
        ],
        inAnHour(),
      ],
      gas: 1_500_000n,
    })
    const logs = swap.logs.filter((l) => l.address.toLowerCase() === PERMIT2_ADDRESS.toLowerCase())
    assert.ok(logs.length > 0, 'Permit2 emitted its Permit in the swap')
    assert.equal((await rowOf(swap.transactionHash)).type, 'SWAP')
  })
})
