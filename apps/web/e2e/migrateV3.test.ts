/**
 * v3 -> v4 migration in Chromium against the real local stack (devnet ethereum on port base 24300,
 * the indexer on 24390, the built app on localhost:24375), verified on chain with viem (issue #13):
 * a v3 WETH/USDC 0.3% position created through the app is moved, from its page's Migrate action,
 * into a new v4 ETH/USDC 0.3% pool (native ETH, the WETH unwrapped by the PositionManager) created
 * at the v3 pool's price, keeping its range, in one Universal Router transaction; another into a new
 * dynamic-fee WETH/USDC pool; and the spec's states and messages before anything is signed.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { devnetClients } from '@oxbow/devnet'
import {
  erc20Abi,
  nonfungiblePositionManagerAbi,
  poolIdOf,
  v3FactoryAbi,
  v3PoolAbi,
  v4StateViewAbi,
  weth9Abi,
} from '@oxbow/protocol'
import type { Page } from 'playwright-core'
import { type Address, maxUint256, parseEther, zeroAddress } from 'viem'
import {
  confirmedLiquidityTx,
  createdPositionId,
  type LiquidityStack,
  liquidityAddresses,
  positionManagers,
  startLiquidityStack,
  withLiquidityPage,
} from './liquidityKit.ts'
import { ACCOUNT_0, ACCOUNT_1, balanceOf as balanceOfAccount } from './swapKit.ts'

const PORTS = { devnetPortBase: 24300, indexer: 24390, web: 24375 }
const WALLET = 'Migrate Test Wallet'
const SHOTS = process.env.OXBOW_E2E_SCREENSHOTS
const NATIVE_LABEL = 'Use ETH in the v4 pool (the WETH is unwrapped)'

let stack: LiquidityStack
let tokens: { weth: Address; usdc: Address; uni: Address }
let contracts: { npm: Address; posm: Address; stateView: Address; v3Factory: Address }
/** The v3 position the first test creates. */
let v3TokenId: bigint

const clients = () => devnetClients(stack.devnet.manifest, 'ethereum', 0)
const managers = () => positionManagers(clients().public, contracts)

before(async () => {
  stack = await startLiquidityStack(PORTS)
  ;({ tokens, contracts } = liquidityAddresses(stack.deployment))
})

after(async () => {
  await stack?.stop()
})

const withPage = (account: Address, path: string, run: (page: Page) => Promise<void>, width = 1280) =>
  withLiquidityPage(stack, path, run, { wallet: { name: WALLET, rdns: 'test.migrate', account }, width })

const confirmed = (page: Page) => confirmedLiquidityTx(page)

const balanceOf = (token: Address) => balanceOfAccount(clients().public, token, ACCOUNT_0)

const _v3Position = (tokenId: bigint) => managers().v3Position(tokenId)

const v3PoolPrice = async () => {
  const { public: client } = clients()
  const pool = await client.readContract({
    address: contracts.v3Factory,
    abi: v3FactoryAbi,
    functionName: 'getPool',
    args: [tokens.weth, tokens.usdc, 3000],
  })
  const [sqrtPriceX96] = await client.readContract({ address: pool, abi: v3PoolAbi, functionName: 'slot0' })
  return sqrtPriceX96
}

/** A v3 WETH/USDC 0.3% position of 1 ETH in a narrow range, created through the app; its token id. */
async function createV3Position(): Promise<bigint> {
  let tokenId = 0n
  await withPage(ACCOUNT_0, '/positions/create/v3', async (page) => {
    await page.getByLabel('Token A').fill('ETH')
    await page.getByLabel('Token B').fill(tokens.usdc)
    await page.getByLabel('0.3%').check()
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.locator('[data-testid="create-deposit"]').waitFor()
    await page.getByRole('button', { name: 'Narrow (±5%)' }).click()
    await page.getByLabel('ETH amount').fill('1')
    await page.waitForFunction(
      () => document.querySelector('[data-testid="create-deposit"]')?.getAttribute('data-amount1') != null,
    )
    await page.getByRole('button', { name: 'Review' }).click()
    await page.getByRole('button', { name: 'Create position' }).click()
    await confirmed(page)
    await page.locator('[data-testid="created-position"]').waitFor()
    tokenId = await createdPositionId(page, 'v3')
  })
  return tokenId
}

describe('migrate a v3 position to v4', () => {
  test('setup: a v3 WETH/USDC 0.3% position in a narrow range, created through the app', async () => {
    v3TokenId = await createV3Position()
    assert.ok((await managers().v3Position(v3TokenId))[7] > 0n)
  })

  test('bad input: not owned, not found, min ≥ max and a hook that is no contract: the spec messages, nothing sent', async () => {
    assert.ok(v3TokenId, 'the setup created the position')
    const blockBefore = await clients().public.getBlockNumber()
    await withPage(ACCOUNT_1, `/migrate/v3/ethereum/${v3TokenId}`, async (page) => {
      await page.locator('[data-testid="migrate-not-owned"]').waitFor()
      assert.equal(
        await page.locator('[data-testid="migrate-not-owned"]').textContent(),
        'You do not own this position',
      )
      assert.equal(await page.getByRole('button', { name: 'Migrate', exact: true }).count(), 0)
    })
    await withPage(ACCOUNT_0, '/migrate/v3/ethereum/999999', async (page) => {
      await page.locator('[data-testid="position-not-found"]').waitFor()
    })
    await withPage(ACCOUNT_0, `/migrate/v3/ethereum/${v3TokenId}`, async (page) => {
      await page.locator('[data-testid="migrate-v3"][data-new-pool]').waitFor()
      await page.getByLabel('Min price').fill('5000')
      await page.getByLabel('Max price').fill('4000')
      await page.getByRole('button', { name: 'Migrate', exact: true }).click()
      assert.equal(
        await page.locator('[data-testid="migrate-problem"]').textContent(),
        'Invalid range selected. The min price must be lower than the max price.',
      )
      await page.getByLabel('Min price').fill('abc')
      await page.getByRole('button', { name: 'Migrate', exact: true }).click()
      assert.equal(await page.locator('[data-testid="migrate-problem"]').textContent(), 'Invalid price input')
      await page.getByRole('button', { name: 'Same range' }).click()
      // An account, not a contract.
      await page.getByLabel('Hook address (optional)').fill('0x000000000000000000000000000000000000dEaD')
      await page.getByText('Enter a valid hook address').first().waitFor()
      await page.getByRole('button', { name: 'Migrate', exact: true }).click()
      assert.equal(
        await page.locator('[data-testid="migrate-problem"]').textContent(),
        'Enter a valid hook address',
      )
    })
    assert.equal(await clients().public.getBlockNumber(), blockBefore, 'nothing was sent')
  })

  test('behavior: from the position page to a new v4 ETH/USDC 0.3% pool (native, the WETH unwrapped) at the v3 price, same range: v3 emptied, a v4 NFT with liquidity, the rest refunded as ETH', async () => {
    assert.ok(v3TokenId, 'the setup created the position')
    const before3 = await managers().v3Position(v3TokenId)
    const [, , , , fee, tickLower, tickUpper, liquidityBefore] = before3
    assert.ok(liquidityBefore > 0n)
    const priceAtStart = await v3PoolPrice()
    if (SHOTS) {
      await withPage(
        ACCOUNT_0,
        `/migrate/v3/ethereum/${v3TokenId}`,
        async (page) => {
          await page.locator('[data-testid="migrate-amounts"]').waitFor()
          await page.screenshot({ path: `${SHOTS}/migrate-v3-390.png`, fullPage: true })
        },
        390,
      )
    }
    await withPage(ACCOUNT_0, `/positions/v3/ethereum/${v3TokenId}`, async (page) => {
      await page.getByRole('link', { name: 'Migrate to v4' }).click()
      await page.waitForURL(`**/migrate/v3/ethereum/${v3TokenId}`)
      const form = page.locator('[data-testid="migrate-v3"]')
      await form.waitFor()
      await page.waitForFunction(
        () => document.querySelector('[data-testid="migrate-v3"]')?.getAttribute('data-new-pool') === 'true',
      )
      // The default range is the v3 position's (same fee, same tick spacing).
      assert.equal(Number(await form.getAttribute('data-tick-lower')), tickLower)
      assert.equal(Number(await form.getAttribute('data-tick-upper')), tickUpper)
      const amounts = page.locator('[data-testid="migrate-amounts"]')
      await amounts.waitFor()
      const shownLiquidity = BigInt((await amounts.getAttribute('data-liquidity')) ?? '-1')
      assert.ok(shownLiquidity > 0n)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/migrate-v3-1280.png`, fullPage: true })
      // A WETH position goes to a native-ETH pool by default.
      assert.equal(await page.getByLabel(NATIVE_LABEL).isChecked(), true)
      const weth0 = await balanceOf(tokens.weth)
      const usdc0 = await balanceOf(tokens.usdc)
      await page.getByRole('button', { name: 'Migrate', exact: true }).click()
      const hash = await confirmed(page)
      const result = page.locator('[data-testid="migrate-result"]')
      await result.waitFor()
      await page.locator('[data-testid="created-position"]').waitFor()
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/migrate-v3-done-1280.png`, fullPage: true })
      const v4TokenId = await createdPositionId(page, 'v4')
      const { public: client } = clients()

      // v3: emptied (liquidity 0, nothing left owed), still the account's NFT.
      const after3 = await managers().v3Position(v3TokenId)
      assert.equal(after3[7], 0n, 'the v3 position holds no liquidity')
      assert.deepEqual([after3[10], after3[11]], [0n, 0n], 'nothing left to collect in v3')

      // v4: the account's NFT with liquidity, on the ETH/USDC 0.3% pool, same ticks.
      const owner = await managers().ownerOf('posm', v4TokenId)
      assert.equal(owner, ACCOUNT_0)
      const liquidity = await managers().v4PositionLiquidity(v4TokenId)
      assert.ok(liquidity > 0n, 'the v4 position holds liquidity')
      assert.equal(liquidity, shownLiquidity, 'the liquidity shown before signing')
      const [poolKey, info] = await managers().v4PositionInfo(v4TokenId)
      assert.equal(poolKey.currency0, zeroAddress, 'native ETH')
      assert.equal(poolKey.currency1.toLowerCase(), tokens.usdc.toLowerCase())
      assert.equal(poolKey.fee, fee)
      assert.equal(poolKey.hooks, zeroAddress)
      const int24 = (value: bigint) => Number(BigInt.asIntN(24, value))
      assert.equal(int24(BigInt(info) >> 32n), tickUpper)
      assert.equal(int24(BigInt(info) >> 8n), tickLower)
      // The new pool was created at the v3 pool's price.
      const [sqrtPriceX96] = await client.readContract({
        address: contracts.stateView,
        abi: v4StateViewAbi,
        functionName: 'getSlot0',
        args: [poolIdOf(poolKey)],
      })
      assert.equal(sqrtPriceX96, priceAtStart)

      // What left v3, what went into v4 and what came back add up, to the wei.
      const moved0 = BigInt((await result.getAttribute('data-moved0')) ?? '-1')
      const moved1 = BigInt((await result.getAttribute('data-moved1')) ?? '-1')
      const refund0 = BigInt((await result.getAttribute('data-refund0')) ?? '-1')
      const refund1 = BigInt((await result.getAttribute('data-refund1')) ?? '-1')
      assert.ok(moved0 > 0n && moved1 > 0n, 'both tokens left the v3 position')
      assert.equal(await balanceOf(tokens.weth), weth0, 'no WETH comes back: all of it was unwrapped')
      assert.equal((await balanceOf(tokens.usdc)) - usdc0, refund1, 'USDC refund to the wei')
      // The ETH refund: the WETH collected from v3 less the ETH the PoolManager received.
      const receipt = await client.getTransactionReceipt({ hash })
      const poolManager = stack.devnet.manifest.networks.ethereum?.contracts.v4PoolManager as Address
      const pmEth = (blockNumber: bigint) => client.getBalance({ address: poolManager, blockNumber })
      const settled = (await pmEth(receipt.blockNumber)) - (await pmEth(receipt.blockNumber - 1n))
      assert.ok(settled > 0n, 'ETH went into the v4 pool')
      assert.equal(refund0, moved0 - settled, 'ETH refund to the wei')
      assert.ok(refund0 < moved0 / 50n && refund1 < moved1 / 50n, 'at most 2 % refunded')
      const held = async (token: Address) =>
        client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [contracts.posm],
        })
      assert.equal(await held(tokens.weth), 0n, 'nothing left in the PositionManager')
      assert.equal(await held(tokens.usdc), 0n, 'nothing left in the PositionManager')
      assert.equal(await client.getBalance({ address: contracts.posm }), 0n, 'no ETH left in it either')

      // The new position's page reads it back.
      await page.locator('[data-testid="created-position"]').click()
      await page.locator('[data-testid="position"]').waitFor()
      assert.equal(
        await page.locator('[data-testid="position"]').getAttribute('data-liquidity'),
        liquidity.toString(),
      )
    })
  })

  test('behavior: into a new dynamic-fee v4 pool: no hook is refused ("Enter a valid hook address"), with the devnet hook the pool is created (fee flag, hook) and the position minted, refunds to the wei', async () => {
    const tokenId = await createV3Position()
    const hook = stack.devnet.manifest.networks.ethereum?.hooks?.OxbowHook as Address | undefined
    assert.ok(hook, 'the devnet deploys its hook')
    await withPage(ACCOUNT_0, `/migrate/v3/ethereum/${tokenId}`, async (page) => {
      const form = page.locator('[data-testid="migrate-v3"]')
      await form.waitFor()
      // This one keeps WETH: a WETH/USDC pool.
      await page.getByLabel(NATIVE_LABEL).uncheck()
      await page.getByLabel('Dynamic fee').check()
      await page.getByText('Enter a valid hook address').first().waitFor()
      const { public: client } = clients()
      const block = await client.getBlockNumber()
      await page.getByRole('button', { name: 'Migrate', exact: true }).click()
      assert.equal(
        await page.locator('[data-testid="migrate-problem"]').textContent(),
        'Enter a valid hook address',
      )
      assert.equal(await client.getBlockNumber(), block, 'nothing sent')
      await page.getByLabel('Hook address (optional)').fill(hook)
      await page.waitForFunction(
        () => document.querySelector('[data-testid="migrate-v3"]')?.getAttribute('data-new-pool') != null,
      )
      const amounts = page.locator('[data-testid="migrate-amounts"]')
      await amounts.waitFor()
      const shownLiquidity = BigInt((await amounts.getAttribute('data-liquidity')) ?? '-1')
      const weth0 = await balanceOf(tokens.weth)
      const usdc0 = await balanceOf(tokens.usdc)
      await page.getByRole('button', { name: 'Migrate', exact: true }).click()
      await confirmed(page)
      const result = page.locator('[data-testid="migrate-result"]')
      await result.waitFor()
      await page.locator('[data-testid="created-position"]').waitFor()
      const v4TokenId = await createdPositionId(page, 'v4')
      const [poolKey] = await managers().v4PositionInfo(v4TokenId)
      assert.equal(poolKey.fee, 0x800000, 'the dynamic-fee flag')
      assert.equal(poolKey.currency0.toLowerCase(), tokens.weth.toLowerCase(), 'WETH kept')
      assert.equal(poolKey.hooks.toLowerCase(), hook.toLowerCase())
      const liquidity = await managers().v4PositionLiquidity(v4TokenId)
      assert.equal(liquidity, shownLiquidity, 'the liquidity shown before signing')
      assert.equal((await managers().v3Position(tokenId))[7], 0n, 'the v3 position is emptied')
      assert.equal(
        (await balanceOf(tokens.weth)) - weth0,
        BigInt((await result.getAttribute('data-refund0')) ?? '-1'),
        'WETH refund to the wei',
      )
      assert.equal(
        (await balanceOf(tokens.usdc)) - usdc0,
        BigInt((await result.getAttribute('data-refund1')) ?? '-1'),
        'USDC refund to the wei',
      )
    })
  })

  test('behavior: a UNI/WETH position (WETH is token1) into a new native ETH/UNI pool: the pair turns over, range and price inverted, refunds to the wei', async () => {
    const { public: client, wallet } = clients()
    assert.ok(BigInt(tokens.uni) < BigInt(tokens.weth), 'WETH is the v3 pool’s token1')
    const send = async (hash: Promise<`0x${string}`>) =>
      client.waitForTransactionReceipt({ hash: await hash })
    // Set-up on chain (the app's v3 create is covered above): 1 WETH and UNI around the price.
    await send(
      wallet.writeContract({
        address: tokens.weth,
        abi: weth9Abi,
        functionName: 'deposit',
        value: parseEther('1'),
      }),
    )
    for (const token of [tokens.weth, tokens.uni])
      await send(
        wallet.writeContract({
          address: token,
          abi: erc20Abi,
          functionName: 'approve',
          args: [contracts.npm, maxUint256],
        }),
      )
    const pool = await client.readContract({
      address: contracts.v3Factory,
      abi: v3FactoryAbi,
      functionName: 'getPool',
      args: [tokens.uni, tokens.weth, 3000],
    })
    const [sqrtV3, tick] = await client.readContract({ address: pool, abi: v3PoolAbi, functionName: 'slot0' })
    const tickLower = Math.floor(tick / 60) * 60 - 600
    const tickUpper = Math.floor(tick / 60) * 60 + 600
    const minted = await send(
      wallet.writeContract({
        address: contracts.npm,
        abi: nonfungiblePositionManagerAbi,
        functionName: 'mint',
        args: [
          {
            token0: tokens.uni,
            token1: tokens.weth,
            fee: 3000,
            tickLower,
            tickUpper,
            amount0Desired: parseEther('10000'),
            amount1Desired: parseEther('1'),
            amount0Min: 0n,
            amount1Min: 0n,
            recipient: ACCOUNT_0,
            deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
          },
        ],
      }),
    )
    const transfer = minted.logs.find(
      (l) => l.address.toLowerCase() === contracts.npm.toLowerCase() && l.topics.length === 4,
    )
    const tokenId = BigInt(transfer?.topics[3] ?? '0x0')
    assert.ok(tokenId > 0n && (await managers().v3Position(tokenId))[7] > 0n)
    await withPage(ACCOUNT_0, `/migrate/v3/ethereum/${tokenId}`, async (page) => {
      const form = page.locator('[data-testid="migrate-v3"]')
      await page.waitForFunction(
        () => document.querySelector('[data-testid="migrate-v3"]')?.getAttribute('data-new-pool') === 'true',
      )
      assert.equal(await page.getByLabel(NATIVE_LABEL).isChecked(), true)
      // The v4 order: ETH first, so the range reads the other way round.
      assert.equal(Number(await form.getAttribute('data-tick-lower')), -tickUpper)
      assert.equal(Number(await form.getAttribute('data-tick-upper')), -tickLower)
      const amounts = page.locator('[data-testid="migrate-amounts"]')
      await amounts.waitFor()
      const shownLiquidity = BigInt((await amounts.getAttribute('data-liquidity')) ?? '-1')
      const [weth0, uni0] = [await balanceOf(tokens.weth), await balanceOf(tokens.uni)]
      await page.getByRole('button', { name: 'Migrate', exact: true }).click()
      const hash = await confirmed(page)
      const result = page.locator('[data-testid="migrate-result"]')
      await result.waitFor()
      const v4TokenId = await createdPositionId(page, 'v4')
      const [poolKey, info] = await managers().v4PositionInfo(v4TokenId)
      assert.deepEqual(
        [poolKey.currency0, poolKey.currency1.toLowerCase()],
        [zeroAddress, tokens.uni.toLowerCase()],
      )
      const int24 = (value: bigint) => Number(BigInt.asIntN(24, value))
      assert.deepEqual([int24(BigInt(info) >> 8n), int24(BigInt(info) >> 32n)], [-tickUpper, -tickLower])
      const [sqrtV4] = await client.readContract({
        address: contracts.stateView,
        abi: v4StateViewAbi,
        functionName: 'getSlot0',
        args: [poolIdOf(poolKey)],
      })
      assert.equal(sqrtV4, (1n << 192n) / sqrtV3, 'created at the inverse of the v3 price')
      const liquidity = await managers().v4PositionLiquidity(v4TokenId)
      assert.equal(liquidity, shownLiquidity, 'the liquidity shown before signing')
      assert.equal((await managers().v3Position(tokenId))[7], 0n, 'the v3 position is emptied')
      const attr = async (name: string) => BigInt((await result.getAttribute(name)) ?? '-1')
      // In the v4 order: 0 is ETH (the v3 WETH), 1 is UNI.
      const receipt = await client.getTransactionReceipt({ hash })
      const poolManager = stack.devnet.manifest.networks.ethereum?.contracts.v4PoolManager as Address
      const pmEth = (blockNumber: bigint) => client.getBalance({ address: poolManager, blockNumber })
      const settled = (await pmEth(receipt.blockNumber)) - (await pmEth(receipt.blockNumber - 1n))
      assert.equal(await attr('data-refund0'), (await attr('data-moved0')) - settled, 'ETH refund to the wei')
      assert.equal((await balanceOf(tokens.uni)) - uni0, await attr('data-refund1'), 'UNI refund to the wei')
      assert.equal(await balanceOf(tokens.weth), weth0, 'no WETH comes back')
    })
  })
})
