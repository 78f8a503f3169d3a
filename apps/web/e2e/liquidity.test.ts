/**
 * Liquidity positions in Chromium against the real local stack (devnet ethereum on port base 27100,
 * the indexer on 27190, the built app on localhost:27175), verified on chain with viem (issue #13).
 *
 * Set-up (as a person would with another app): account 0 mints a v3 WETH/USDC 0.3% position in a
 * new range around the price, then trades through the pool both ways so it earns fees in both
 * tokens. The tests then read the positions list and the position page and compare every amount
 * with the chain (the amounts a full decrease would pay, the fees a collect would pay) to the wei,
 * collect the fees receiving ETH, remove half receiving ETH, and check the balance changes. A seeded
 * v4 position (owned by the devnet's deployer) is read and its fees checked against a real collect;
 * not found, not owned and not connected show their states.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { AxeBuilder } from '@axe-core/playwright'
import { devnetClients, revert, snapshot } from '@oxbow/devnet'
import {
  erc20Abi,
  nonfungiblePositionManagerAbi,
  PERMIT2_ADDRESS,
  type PoolKey,
  permit2Abi,
  v3FactoryAbi,
  v3PoolAbi,
  v4DecreasePayload,
  v4PositionManagerAbi,
} from '@oxbow/protocol'
import type { BrowserContext, Page } from 'playwright-core'
import { type Address, encodeFunctionData, maxUint128, parseEther, parseUnits } from 'viem'
import {
  confirmedLiquidityTx,
  indexedPosition,
  type LiquidityFixture,
  type LiquidityStack,
  positionManagers,
  setUpPositions,
  startLiquidityStack,
  tradeThroughPool,
} from './liquidityKit.ts'
import { withWatchedPage } from './support.ts'
import { ACCOUNT_0, ACCOUNT_1, balanceOf } from './swapKit.ts'

const PORTS = { devnetPortBase: 27100, indexer: 27190, web: 27175 }
const WALLET = 'Liquidity Test Wallet'

let stack: LiquidityStack
let contracts: LiquidityFixture['contracts']
/** The v3 position account 0 minted in set-up. */
let tokenId: bigint
/** The v4 position (native ETH / USDC 0.05%) account 0 minted in set-up, its Permit2 allowances then revoked. */
let v4TokenId: bigint
let v4Key: PoolKey

const clients = () => devnetClients(stack.devnet.manifest, 'ethereum', 0)

/** Account 0's balances: ETH, USDC and WETH. */
async function balances(): Promise<{ eth: bigint; usdc: bigint; weth: bigint }> {
  const { public: client } = clients()
  const erc20 = (address: Address) => balanceOf(client, address, ACCOUNT_0)
  const [eth, usdc, weth] = await Promise.all([
    client.getBalance({ address: ACCOUNT_0 }),
    erc20(contracts.usdc),
    erc20(contracts.weth),
  ])
  return { eth, usdc, weth }
}

const managers = () => positionManagers(clients().public, contracts)

/** Waits until the page's liquidity transaction is confirmed; the ETH its gas cost. */
async function confirmedGas(page: Page): Promise<bigint> {
  const hash = await confirmedLiquidityTx(page, 30_000)
  const receipt = await clients().public.getTransactionReceipt({ hash })
  return receipt.gasUsed * receipt.effectiveGasPrice
}

before(async () => {
  stack = await startLiquidityStack(PORTS, async (devnet) => {
    ;({ contracts, tokenId, v4TokenId, v4Key } = await setUpPositions(devnet))
  })
  await indexedPosition(stack.indexer.url, tokenId)
  await indexedPosition(stack.indexer.url, v4TokenId)
})

after(async () => {
  await stack?.stop()
})

/** What the chain pays now: a full decrease (amounts) and a collect (fees), simulated by the owner. */
async function chainTruth(id: bigint) {
  const { public: client } = clients()
  const position = await managers().v3Position(id)
  const liquidity = position[7]
  const decrease =
    liquidity === 0n
      ? { result: [0n, 0n] as const }
      : await client.simulateContract({
          address: contracts.npm,
          abi: nonfungiblePositionManagerAbi,
          functionName: 'decreaseLiquidity',
          args: [{ tokenId: id, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: 2n ** 40n }],
          account: ACCOUNT_0,
        })
  const collect = await client.simulateContract({
    address: contracts.npm,
    abi: nonfungiblePositionManagerAbi,
    functionName: 'collect',
    args: [{ tokenId: id, recipient: ACCOUNT_0, amount0Max: maxUint128, amount1Max: maxUint128 }],
    account: ACCOUNT_0,
  })
  return {
    liquidity,
    amount0: decrease.result[0],
    amount1: decrease.result[1],
    fees0: collect.result[0],
    fees1: collect.result[1],
  }
}

const withPage = (
  account: Address | null,
  path: string,
  run: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> =>
  withWatchedPage(stack.browser, stack.web.url + path, run, {
    ...(account && {
      wallet: { name: WALLET, rdns: 'test.liquidity', account, chains: [[stack.chainId, stack.rpcUrl]] },
    }),
  })

const positionOnPage = (page: Page) => page.locator('[data-testid="position"]')
async function shownNumbers(page: Page, selector: string) {
  const element = page.locator(selector).first()
  await element.waitFor()
  await page.waitForFunction((s) => document.querySelector(s)?.getAttribute('data-amount0') != null, selector)
  const read = async (name: string) => BigInt((await element.getAttribute(name)) ?? '-1')
  return {
    amount0: await read('data-amount0'),
    amount1: await read('data-amount1'),
    fees0: await read('data-fees0'),
    fees1: await read('data-fees1'),
  }
}

describe('positions', () => {
  test('behavior: not connected, the list asks to connect a wallet', async () => {
    await withPage(null, '/positions', async (page) => {
      await page.getByText('Connect a wallet to view your positions').waitFor()
    })
  })

  test("behavior: the list shows the account's v3 position in range, amounts and fees equal to the chain to the wei", async () => {
    await withPage(ACCOUNT_0, '/positions', async (page) => {
      const selector = `[data-testid="position-row"][data-token-id="${tokenId}"]`
      const shown = await shownNumbers(page, selector)
      const truth = await chainTruth(tokenId)
      assert.deepEqual(shown, {
        amount0: truth.amount0,
        amount1: truth.amount1,
        fees0: truth.fees0,
        fees1: truth.fees1,
      })
      assert.ok(truth.fees0 > 0n && truth.fees1 > 0n, 'the trades earned fees in both tokens')
      const row = page.locator(selector)
      assert.equal(await row.getAttribute('data-status'), 'IN_RANGE')
      assert.match((await row.textContent()) ?? '', /WETH \/ USDC/)
      assert.match((await row.textContent()) ?? '', /0\.3%/)
      // Filters: v4 shows only the v4 position, closed only shows none, another network none.
      const v4Row = page.locator(
        `[data-testid="position-row"][data-version="v4"][data-token-id="${v4TokenId}"]`,
      )
      await v4Row.waitFor()
      await page.getByLabel('Version').selectOption('v4')
      await page.waitForFunction((s) => document.querySelector(s) === null, selector)
      assert.equal(await v4Row.count(), 1)
      await page.getByLabel('Version').selectOption('v3')
      await page.locator(selector).waitFor()
      assert.equal(await v4Row.count(), 0)
      await page.getByLabel('In range').uncheck()
      await page.getByLabel('Out of range').uncheck()
      await page.getByLabel('Closed').check()
      await page.locator('[data-testid="positions-empty"]').waitFor()
      await page.getByLabel('In range').check()
      await page.locator(selector).waitFor()
      await page.getByLabel('Network').selectOption('base')
      await page.locator('[data-testid="positions-empty"]').waitFor()
    })
  })

  test('behavior: the position page shows the same amounts and fees as the chain, collecting pays them (WETH as ETH)', async () => {
    await withPage(ACCOUNT_0, `/positions/v3/ethereum/${tokenId}`, async (page) => {
      const shown = await shownNumbers(page, '[data-testid="position"]')
      const truth = await chainTruth(tokenId)
      assert.deepEqual(shown, {
        amount0: truth.amount0,
        amount1: truth.amount1,
        fees0: truth.fees0,
        fees1: truth.fees1,
      })
      const held = await balances()
      await page.getByLabel('Receive ETH').check()
      await page.getByRole('button', { name: 'Collect fees' }).click()
      const gas = await confirmedGas(page)
      const now = await balances()
      assert.equal(now.eth - held.eth + gas, shown.fees0, 'the WETH fees arrived as ETH, to the wei')
      assert.equal(now.weth, held.weth, 'no WETH arrived')
      assert.equal(now.usdc - held.usdc, shown.fees1, 'the USDC fees arrived, to the wei')
      const after = await chainTruth(tokenId)
      assert.deepEqual([after.fees0, after.fees1], [0n, 0n])
      // The page re-reads the chain: nothing left to collect.
      await page.waitForFunction(
        () => document.querySelector('[data-testid="position"]')?.getAttribute('data-fees0') === '0',
      )
    })
  })

  test('behavior: the position page draws its range (min and max price lines) and the current price over the pool price chart, equal to the chain', async () => {
    const { public: client } = clients()
    const position = await managers().v3Position(tokenId)
    const [token0, token1, fee, tickLower, tickUpper] = [
      position[2],
      position[3],
      position[4],
      position[5],
      position[6],
    ]
    const deployment = stack.devnet.manifest.networks.ethereum
    assert.ok(deployment)
    const pool = await client.readContract({
      address: deployment.contracts.v3Factory,
      abi: v3FactoryAbi,
      functionName: 'getPool',
      args: [token0, token1, fee],
    })
    const [slot0, d0, d1] = await Promise.all([
      client.readContract({ address: pool, abi: v3PoolAbi, functionName: 'slot0' }),
      client.readContract({ address: token0, abi: erc20Abi, functionName: 'decimals' }),
      client.readContract({ address: token1, abi: erc20Abi, functionName: 'decimals' }),
    ])
    const scale = 10 ** (d0 - d1)
    const expected = {
      min: 1.0001 ** tickLower * scale,
      max: 1.0001 ** tickUpper * scale,
      current: (Number(slot0[0]) / 2 ** 96) ** 2 * scale,
    }
    await withPage(ACCOUNT_0, `/positions/v3/ethereum/${tokenId}`, async (page) => {
      const chart = page.locator('[data-testid="range-price-chart"][data-drawn="true"]')
      await chart.waitFor()
      for (const key of ['min', 'max', 'current'] as const) {
        const shown = Number(await chart.getAttribute(`data-${key}`))
        assert.ok(Math.abs(shown / expected[key] - 1) < 1e-9, `${key}: ${shown} vs ${expected[key]}`)
      }
      // A line over time (the indexed history and the chain's current price), drawn on a canvas.
      assert.ok(Number(await chart.getAttribute('data-points')) >= 2)
      assert.ok((await chart.locator('canvas').count()) > 0)
      assert.match((await chart.getAttribute('aria-label')) ?? '', /with your range and the current price/)
    })
  })

  test('behavior: adding to the v3 position paying ETH for the WETH side takes at most the linked amounts', async () => {
    await withPage(ACCOUNT_0, `/positions/v3/ethereum/${tokenId}`, async (page) => {
      await positionOnPage(page).waitFor()
      const before = await chainTruth(tokenId)
      await page.getByLabel('Pay with ETH').check()
      await page.getByLabel('ETH amount').fill('0.5')
      const usdcField = page.locator('[data-testid="add-amount1"]')
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="add-amount1"]')?.getAttribute('data-amount'),
      )
      const amount0 = parseEther('0.5')
      const amount1 = BigInt((await usdcField.getAttribute('data-amount')) ?? '-1')
      assert.ok(amount1 > 0n, 'the USDC side is linked by the range')
      const held = await balances()
      await page.getByRole('button', { name: 'Add liquidity' }).click()
      const gas = await confirmedGas(page)
      const now = await balances()
      const spentEth = held.eth - now.eth - gas
      const spentUsdc = held.usdc - now.usdc
      const after = await chainTruth(tokenId)
      assert.ok(after.liquidity > before.liquidity, 'liquidity grew')
      // The manager takes what the new liquidity costs, never more than asked, at most 0.5 % less.
      assert.ok(
        spentEth <= amount0 && spentEth >= (amount0 * 9950n) / 10_000n,
        `ETH spent ${spentEth} of ${amount0}`,
      )
      assert.ok(
        spentUsdc <= amount1 && spentUsdc >= (amount1 * 9950n) / 10_000n,
        `USDC spent ${spentUsdc} of ${amount1}`,
      )
    })
  })

  test('behavior: adding to a v4 position approves USDC to Permit2, gives the PositionManager a Permit2 allowance, then adds', async () => {
    await withPage(ACCOUNT_0, `/positions/v4/ethereum/${v4TokenId}`, async (page) => {
      await positionOnPage(page).waitFor()
      const { public: client } = clients()
      const liquidity0 = await managers().v4PositionLiquidity(v4TokenId)
      await page.getByLabel('USDC amount').fill('100')
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="add-amount0"]')?.getAttribute('data-amount'),
      )
      const usdc0 = await balanceOf(client, contracts.usdc, ACCOUNT_0)
      const blockBefore = await client.getBlockNumber()
      await page.getByRole('button', { name: 'Add liquidity' }).click()
      await page
        .locator('[data-testid="liquidity-tx-status"][data-state="confirmed"]')
        .waitFor({ timeout: 30_000 })
      const sent = await client.getBlockNumber()
      assert.equal(sent - blockBefore, 3n, 'approve to Permit2, Permit2 allowance, add: three transactions')
      const [permitted] = await client.readContract({
        address: PERMIT2_ADDRESS,
        abi: permit2Abi,
        functionName: 'allowance',
        args: [ACCOUNT_0, contracts.usdc, contracts.posm],
      })
      assert.ok(permitted > 0n, 'the PositionManager has a Permit2 allowance')
      const liquidity1 = await managers().v4PositionLiquidity(v4TokenId)
      assert.ok(liquidity1 > liquidity0, 'liquidity grew')
      const usdc1 = await balanceOf(client, contracts.usdc, ACCOUNT_0)
      const spent = usdc0 - usdc1
      assert.ok(
        spent > 0n && spent <= parseUnits('100', 6) + parseUnits('100', 6) / 200n,
        `USDC spent ${spent}`,
      )
      assert.equal(v4Key.currency1, contracts.usdc)
    })
  })

  test('behavior: removing half receiving ETH pays the shown amounts and leaves half the liquidity', async () => {
    await withPage(ACCOUNT_0, `/positions/v3/ethereum/${tokenId}`, async (page) => {
      await positionOnPage(page).waitFor()
      const before = await chainTruth(tokenId)
      await page.getByRole('button', { name: '50%' }).click()
      const amounts = page.locator('[data-testid="remove-amounts"]')
      const liquidity = BigInt((await amounts.getAttribute('data-liquidity')) ?? '-1')
      const amount0 = BigInt((await amounts.getAttribute('data-amount0')) ?? '-1')
      const amount1 = BigInt((await amounts.getAttribute('data-amount1')) ?? '-1')
      assert.equal(liquidity, before.liquidity / 2n)
      const held = await balances()
      await page.getByLabel('Receive ETH').check()
      await page.getByRole('button', { name: 'Remove liquidity' }).click()
      const gas = await confirmedGas(page)
      const now = await balances()
      const after = await chainTruth(tokenId)
      assert.equal(after.liquidity, before.liquidity - liquidity, 'half the liquidity is left')
      // Nothing traded in between: the chain paid exactly what the page showed.
      assert.equal(now.eth - held.eth + gas, amount0, 'WETH side arrived as ETH')
      assert.equal(now.usdc - held.usdc, amount1)
    })
  })

  test('behavior: the page compares the position with holding: deposits and fees earned (collected + unclaimed) equal the chain, net = loss + fees', async () => {
    const { public: client } = clients()
    // Trades after the collect and the removal, so some fees are still unclaimed.
    await tradeThroughPool([
      [contracts.weth, contracts.usdc, parseEther('0.5')],
      [contracts.usdc, contracts.weth, parseUnits('1000', 6)],
    ])
    // The position's history from the manager's own events.
    const sum = async (eventName: 'IncreaseLiquidity' | 'DecreaseLiquidity' | 'Collect') => {
      const logs = await client.getContractEvents({
        address: contracts.npm,
        abi: nonfungiblePositionManagerAbi,
        eventName,
        args: { tokenId },
        fromBlock: 'earliest',
      })
      let total0 = 0n
      let total1 = 0n
      for (const log of logs) {
        const args = log.args as { amount0: bigint; amount1: bigint }
        total0 += args.amount0
        total1 += args.amount1
      }
      return [total0, total1] as const
    }
    const [deposited, withdrawn, collected] = await Promise.all([
      sum('IncreaseLiquidity'),
      sum('DecreaseLiquidity'),
      sum('Collect'),
    ])
    assert.ok(withdrawn[0] > 0n && collected[0] > withdrawn[0], 'the earlier tests removed and collected')
    await withPage(ACCOUNT_0, `/positions/v3/ethereum/${tokenId}`, async (page) => {
      const card = page.locator('[data-testid="position-vs-hold"][data-state="ready"]')
      await card.waitFor({ timeout: 20_000 })
      const truth = await chainTruth(tokenId)
      assert.ok(truth.fees0 > 0n && truth.fees1 > 0n, 'the trades left unclaimed fees')
      const big = async (name: string) => BigInt((await card.getAttribute(name)) ?? '-1')
      const num = async (name: string) => Number((await card.getAttribute(name)) ?? 'NaN')
      assert.deepEqual(
        [
          await big('data-deposited0'),
          await big('data-deposited1'),
          await big('data-withdrawn0'),
          await big('data-withdrawn1'),
          await big('data-fees-earned0'),
          await big('data-fees-earned1'),
        ],
        [
          deposited[0],
          deposited[1],
          withdrawn[0],
          withdrawn[1],
          collected[0] + truth.fees0 - withdrawn[0],
          collected[1] + truth.fees1 - withdrawn[1],
        ],
        'deposits, withdrawals and fees earned to the wei',
      )
      // Values at the indexer's prices: holding = the deposits; net = principal - hold + fees.
      const prices = (await (
        await fetch(stack.indexer.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query: 'query($t: [TokenRef!]!) { tokenPrices(tokens: $t) { priceUsd } }',
            variables: {
              t: [
                { network: 'ethereum', address: contracts.weth },
                { network: 'ethereum', address: contracts.usdc },
              ],
            },
          }),
        })
      ).json()) as { data: { tokenPrices: { priceUsd: string }[] } }
      const [weth, usdc] = prices.data.tokenPrices.map((p) => Number(p.priceUsd)) as [number, number]
      const usd = (a0: bigint, a1: bigint) => (Number(a0) / 1e18) * weth + (Number(a1) / 1e6) * usdc
      const near = (actual: number, expected: number, what: string) =>
        assert.ok(
          Math.abs(actual - expected) <= Math.abs(expected) * 1e-9 + 1e-9,
          `${what}: ${actual} vs ${expected}`,
        )
      near(await num('data-hold-usd'), usd(deposited[0], deposited[1]), 'hold value')
      near(
        await num('data-principal-usd'),
        usd(truth.amount0 + withdrawn[0], truth.amount1 + withdrawn[1]),
        'position principal',
      )
      near(
        await num('data-fees-usd'),
        usd(collected[0] + truth.fees0 - withdrawn[0], collected[1] + truth.fees1 - withdrawn[1]),
        'fees',
      )
      near(
        await num('data-net-usd'),
        (await num('data-principal-usd')) - (await num('data-hold-usd')) + (await num('data-fees-usd')),
        'net',
      )
      const text = (await card.textContent()) ?? ''
      for (const label of ['Position vs holding', 'Fees earned', 'Impermanent loss', 'Net vs holding'])
        assert.ok(text.includes(label), label)
      // No serious or critical axe violation in the new parts.
      const axe = await new AxeBuilder({ page })
        .include('[data-testid="position-vs-hold"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze()
      assert.deepEqual(
        axe.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        [],
      )
      const shots = process.env.OXBOW_E2E_SCREENSHOTS
      if (shots) {
        await page.screenshot({ path: `${shots}/position-vs-hold-1280.png`, fullPage: true })
        await page.setViewportSize({ width: 390, height: 900 })
        await card.scrollIntoViewIfNeeded()
        await page.screenshot({ path: `${shots}/position-vs-hold-390.png`, fullPage: true })
      }
    })
  })

  test("behavior: a seeded v4 position shows its owner's exact fees (checked by a real collect) and is not ours", async () => {
    await withPage(ACCOUNT_0, '/positions/v4/ethereum/1', async (page) => {
      const shown = await shownNumbers(page, '[data-testid="position"]')
      await page.locator('[data-testid="position-not-owned"]').waitFor()
      assert.equal(
        await page.getByRole('button', { name: 'Collect fees' }).count(),
        0,
        'no actions on a position not owned',
      )
      // The owner collects for real (then the chain is reverted): the payout equals the fees shown.
      const { public: client, test: testClient } = clients()
      const owner = (await positionOnPage(page).getAttribute('data-owner')) as Address
      const block = BigInt((await positionOnPage(page).getAttribute('data-block')) ?? '0')
      assert.equal(await client.getBlockNumber(), block, 'nothing happened since the page read the chain')
      const [key] = await client.readContract({
        address: contracts.posm,
        abi: v4PositionManagerAbi,
        functionName: 'getPoolAndPositionInfo',
        args: [1n],
      })
      const id = await snapshot(stack.rpcUrl)
      try {
        await testClient.impersonateAccount({ address: owner })
        await testClient.setBalance({ address: owner, value: parseEther('1000') })
        const token1 = key.currency1
        const eth0 = await client.getBalance({ address: owner })
        const t0 = await balanceOf(client, token1, owner)
        const hash = await testClient.request({
          method: 'eth_sendTransaction',
          params: [
            {
              from: owner,
              to: contracts.posm,
              data: encodeFunctionData({
                abi: v4PositionManagerAbi,
                functionName: 'modifyLiquidities',
                args: [v4DecreasePayload({ key, tokenId: 1n, liquidity: 0n, recipient: owner }), 2n ** 40n],
              }),
            },
          ],
        } as never)
        const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
        assert.equal(receipt.status, 'success')
        const gas = receipt.gasUsed * receipt.effectiveGasPrice
        const eth1 = await client.getBalance({ address: owner })
        const t1 = await balanceOf(client, token1, owner)
        assert.equal(
          key.currency0,
          '0x0000000000000000000000000000000000000000',
          'the seeded v4 #1 pool is native/token',
        )
        assert.equal(eth1 - eth0 + gas, shown.fees0)
        assert.equal(t1 - t0, shown.fees1)
        assert.ok(shown.fees0 > 0n || shown.fees1 > 0n, 'the seeded history earned fees')
      } finally {
        await revert(stack.rpcUrl, id)
      }
    })
  })

  test('error: a token id with no position shows "Position not found"', async () => {
    await withPage(ACCOUNT_1, '/positions/v3/ethereum/999999', async (page) => {
      await page.locator('[data-testid="position-not-found"]').getByText('Position not found').waitFor()
    })
    await withPage(ACCOUNT_1, '/positions/v4/ethereum/999999', async (page) => {
      await page.locator('[data-testid="position-not-found"]').getByText('Position not found').waitFor()
    })
  })
})
