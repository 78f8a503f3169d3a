/**
 * Creating positions in Chromium against the real local stack (devnet ethereum on port base 27500,
 * the indexer on 27590, the built app on localhost:27575), verified on chain with viem (issue #13):
 * a v3 position in a new range of the seeded WETH/USDC 0.3% pool paying ETH, a v4 position on a new
 * native/UNI pool (custom 0.25 % fee) created at a typed initial price, v2 LP tokens migrated to v3
 * and to a new native ETH/USDC v4 pool, and the spec's messages for bad input before anything is
 * signed.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { AxeBuilder } from '@axe-core/playwright'
import { devnetClients } from '@oxbow/devnet'
import { nonfungiblePositionManagerAbi, poolIdOf, v2PairAbi, v4StateViewAbi } from '@oxbow/protocol'
import type { Page } from 'playwright-core'
import { type Address, decodeEventLog, parseEther, parseEventLogs, zeroAddress } from 'viem'
import {
  addV2EthLiquidity,
  confirmedLiquidityTx,
  createdPositionId,
  gasSince,
  type LiquidityStack,
  liquidityAddresses,
  positionManagers,
  startLiquidityStack,
  withLiquidityPage,
} from './liquidityKit.ts'
import { ACCOUNT_0, balanceOf as balanceOfAccount } from './swapKit.ts'

const PORTS = { devnetPortBase: 27500, indexer: 27590, web: 27575 }
const WALLET = 'Create Position Test Wallet'
const SHOTS = process.env.OXBOW_E2E_SCREENSHOTS

let stack: LiquidityStack
let tokens: { weth: Address; usdc: Address; uni: Address }
let contracts: { npm: Address; posm: Address; stateView: Address }

const clients = () => devnetClients(stack.devnet.manifest, 'ethereum', 0)
const managers = () => positionManagers(clients().public, contracts)

before(async () => {
  stack = await startLiquidityStack(PORTS)
  ;({ tokens, contracts } = liquidityAddresses(stack.deployment))
})

after(async () => {
  await stack?.stop()
})

const withPage = (path: string, run: (page: Page) => Promise<void>, width = 1280, connect = true) =>
  withLiquidityPage(stack, path, run, { wallet: { name: WALLET, rdns: 'test.create' }, width, connect })

async function choosePair(page: Page, a: string, b: string) {
  await page.getByLabel('Token A').fill(a)
  await page.getByLabel('Token B').fill(b)
}

const problemText = (page: Page) => page.locator('[data-testid="create-problem"]').textContent()

const confirmed = (page: Page) => confirmedLiquidityTx(page)

/** Waits until the indexer lists account 0's LP tokens of `pair` as `liquidity` (the chain's balance). */
async function indexedV2(pair: Address, liquidity: bigint): Promise<void> {
  const deadline = Date.now() + 30_000
  let last = ''
  while (Date.now() < deadline) {
    const response = await fetch(stack.indexer.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `{ positions(owner: "${ACCOUNT_0}", first: 100) { nodes { version tokenId liquidity } } }`,
      }),
    })
    const body = (await response.json()) as {
      data?: { positions: { nodes: { version: string; tokenId: string; liquidity: string }[] } }
    }
    const node = body.data?.positions.nodes.find((n) => n.version === 'V2' && n.tokenId === pair)
    last = node?.liquidity ?? 'none'
    if (last === liquidity.toString()) return
    await new Promise((r) => setTimeout(r, 300))
  }
  throw new Error(`the indexer lists ${last} LP tokens of ${pair}, the chain ${liquidity}`)
}

/** The seeded v2 WETH/USDC pair. */
function wethUsdcPair(): Address {
  const deployment = stack.devnet.manifest.networks.ethereum
  assert.ok(deployment)
  const entry = deployment.pools.find(
    (p) =>
      p.version === 'v2' &&
      'address' in p &&
      [p.token0, p.token1].every((t) => [tokens.weth, tokens.usdc].includes(t as Address)),
  )
  assert.ok(entry && 'address' in entry)
  return entry.address as Address
}

const balanceOf = (token: Address) => balanceOfAccount(clients().public, token, ACCOUNT_0)

describe('create a position', () => {
  test('bad input: the spec messages before anything is signed (pair, hook, price, range)', async () => {
    const blockBefore = await clients().public.getBlockNumber()
    await withPage('/positions/create/v3', async (page) => {
      await choosePair(page, 'ETH', 'ETH')
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByText('Invalid pair').waitFor()
      // An address that is not a token.
      await choosePair(page, 'ETH', '0x000000000000000000000000000000000000dEaD')
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.waitForFunction(() => document.querySelector('[data-testid="create-problem"]')?.textContent)
      assert.equal(await problemText(page), 'Invalid pair')
      await choosePair(page, 'ETH', tokens.usdc)
      await page.getByLabel('0.3%').check()
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.locator('[data-testid="create-deposit"]').waitFor()
      await page.getByRole('textbox', { name: 'Min price' }).fill('abc')
      await page.getByRole('textbox', { name: 'Max price' }).fill('4000')
      await page.getByLabel('ETH amount').fill('0.1')
      await page.getByRole('button', { name: 'Review' }).click()
      assert.equal(await problemText(page), 'Invalid price input')
      await page.getByRole('textbox', { name: 'Min price' }).fill('5000')
      await page.getByRole('button', { name: 'Review' }).click()
      assert.equal(
        await problemText(page),
        'Invalid range selected. The min price must be lower than the max price.',
      )
    })
    await withPage('/positions/create/v4', async (page) => {
      await choosePair(page, 'ETH', tokens.usdc)
      // An account, not a contract.
      await page.getByLabel('Hook address (optional)').fill('0x000000000000000000000000000000000000dEaD')
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.getByText('Enter a valid hook address').waitFor()
      await page.getByLabel('Hook address (optional)').fill('not an address')
      await page.getByRole('button', { name: 'Continue' }).click()
      assert.equal(await problemText(page), 'Enter a valid hook address')
      // A dynamic fee needs a hook.
      await page.getByLabel('Hook address (optional)').fill('')
      await page.getByLabel('Dynamic fee').check()
      await page.getByRole('button', { name: 'Continue' }).click()
      assert.equal(await problemText(page), 'Enter a valid hook address')
    })
    assert.equal(await clients().public.getBlockNumber(), blockBefore, 'nothing was sent')
  })

  for (const width of [1280, 390]) {
    test(`behavior: the depth chart (${width} px) draws the pool's indexed liquidity; dragging a handle and arrow keys write the price inputs, typed prices move the handles`, async () => {
      await withPage(
        '/positions/create/v3',
        async (page) => {
          await choosePair(page, 'ETH', tokens.usdc)
          await page.getByLabel('0.3%').check()
          await page.getByRole('button', { name: 'Continue' }).click()
          const deposit = page.locator('[data-testid="create-deposit"]')
          const chart = page.locator('[data-testid="range-chart"]')
          await chart.waitFor()
          // The bars are the indexer's liquidityByTick of this pool, loaded with the step.
          await page.waitForFunction(
            () =>
              Number(document.querySelector('[data-testid="range-chart"]')?.getAttribute('data-ranges')) > 0,
          )
          const min = page.getByRole('slider', { name: 'Min price' })
          const max = page.getByRole('slider', { name: 'Max price' })
          const minInput = page.getByRole('textbox', { name: 'Min price' })
          const maxInput = page.getByRole('textbox', { name: 'Max price' })
          const ticks = async () => ({
            lower: Number(await deposit.getAttribute('data-tick-lower')),
            upper: Number(await deposit.getAttribute('data-tick-upper')),
            minHandle: Number(await min.getAttribute('data-tick')),
            maxHandle: Number(await max.getAttribute('data-tick')),
          })
          await page.getByRole('button', { name: 'Narrow (±5%)' }).click()
          const narrow = await ticks()
          // WETH (A) is token0: the min price is the lower tick.
          assert.deepEqual([narrow.minHandle, narrow.maxHandle], [narrow.lower, narrow.upper])
          const narrowMin = await minInput.inputValue()
          // Keyboard: one tick spacing (60) per arrow key, ten per Page Up/Down.
          await min.focus()
          await page.keyboard.press('ArrowRight')
          await page.waitForFunction(
            (t) =>
              Number(
                document.querySelector('[data-testid="create-deposit"]')?.getAttribute('data-tick-lower'),
              ) === t,
            narrow.lower + 60,
          )
          assert.notEqual(await minInput.inputValue(), narrowMin, 'the min price input follows the handle')
          await page.keyboard.press('PageDown')
          await page.waitForFunction(
            (t) =>
              Number(
                document.querySelector('[data-testid="create-deposit"]')?.getAttribute('data-tick-lower'),
              ) === t,
            narrow.lower + 60 - 600,
          )
          // Pointer: dragging the max handle right raises the max price; the input and the range follow.
          const before = await ticks()
          const box = await max.boundingBox()
          const plot = await chart.boundingBox()
          assert.ok(box && plot)
          await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
          await page.mouse.down()
          for (let i = 1; i <= 5; i++)
            await page.mouse.move(box.x + box.width / 2 + i * (plot.width / 20), box.y + 10)
          await page.mouse.up()
          const dragged = await ticks()
          assert.ok(dragged.upper > before.upper, `dragged ${before.upper} -> ${dragged.upper}`)
          assert.ok(Number.isInteger(dragged.upper / 60), 'a usable tick')
          assert.equal(dragged.maxHandle, dragged.upper)
          assert.equal(dragged.lower, before.lower, 'the other bound stays')
          const maxText = await maxInput.inputValue()
          assert.ok(Number(maxText) > 0)
          // Dragging the min handle past the max stops one spacing short of it.
          const minBox = await min.boundingBox()
          assert.ok(minBox)
          await page.mouse.move(minBox.x + minBox.width / 2, minBox.y + minBox.height / 2)
          await page.mouse.down()
          await page.mouse.move(plot.x + plot.width - 1, minBox.y + 10, { steps: 4 })
          await page.mouse.up()
          const squeezed = await ticks()
          assert.equal(squeezed.lower, squeezed.upper - 60, 'min stops one spacing under max')
          // Typing moves the handles back: the common preset's prices typed by hand.
          await minInput.fill('1000')
          await maxInput.fill('5000')
          const typed = await ticks()
          assert.deepEqual([typed.minHandle, typed.maxHandle], [typed.lower, typed.upper])
          assert.ok(typed.lower < typed.upper)
          // No serious or critical axe violation in the new parts.
          const axe = await new AxeBuilder({ page })
            .include('[data-testid="create-deposit"]')
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
            .analyze()
          assert.deepEqual(
            axe.violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
            [],
          )
          if (SHOTS)
            await page.screenshot({ path: `${SHOTS}/create-range-chart-${width}.png`, fullPage: true })
        },
        width,
      )
    })
  }

  test('behavior: a v3 position in a narrow range of WETH/USDC 0.3% paying ETH: the NFT is the account’s with the deposited amounts', async () => {
    await withPage('/positions/create/v3', async (page) => {
      await choosePair(page, 'ETH', tokens.usdc)
      await page.getByLabel('0.3%').check()
      await page.getByRole('button', { name: 'Continue' }).click()
      const deposit = page.locator('[data-testid="create-deposit"]')
      await deposit.waitFor()
      assert.equal(await deposit.getAttribute('data-new-pool'), 'false')
      await page.getByRole('button', { name: 'Narrow (±5%)' }).click()
      await page.getByLabel('ETH amount').fill('1')
      await page.waitForFunction(
        () => document.querySelector('[data-testid="create-deposit"]')?.getAttribute('data-amount1') != null,
      )
      const tickLower = Number(await deposit.getAttribute('data-tick-lower'))
      const tickUpper = Number(await deposit.getAttribute('data-tick-upper'))
      const amount0 = BigInt((await deposit.getAttribute('data-amount0')) ?? '-1')
      const amount1 = BigInt((await deposit.getAttribute('data-amount1')) ?? '-1')
      // WETH sorts before USDC here: token0 is WETH.
      assert.ok(BigInt(tokens.weth) < BigInt(tokens.usdc))
      assert.equal(amount0, parseEther('1'))
      assert.ok(amount1 > 0n)
      await page.getByRole('button', { name: 'Review' }).click()
      await page.locator('[data-testid="create-review"]').waitFor()
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/create-v3-review.png`, fullPage: true })
      const { public: client } = clients()
      const eth0 = await client.getBalance({ address: ACCOUNT_0 })
      const usdc0 = await balanceOf(tokens.usdc)
      const blockBefore = await client.getBlockNumber()
      await page.getByRole('button', { name: 'Create position' }).click()
      const hash = await confirmed(page)
      await page.locator('[data-testid="created-position"]').waitFor()
      const tokenId = await createdPositionId(page, 'v3')
      // Gas of every transaction the flow sent (USDC approval, then the mint).
      const gas = await gasSince(client, blockBefore)
      const receipt = await client.getTransactionReceipt({ hash })
      let deposited: readonly [bigint, bigint] | null = null
      for (const log of receipt.logs) {
        try {
          const event = decodeEventLog({
            abi: nonfungiblePositionManagerAbi,
            data: log.data,
            topics: log.topics,
          })
          if (event.eventName === 'IncreaseLiquidity') deposited = [event.args.amount0, event.args.amount1]
        } catch {}
      }
      assert.ok(deposited)
      const owner = await managers().ownerOf('npm', tokenId)
      assert.equal(owner, ACCOUNT_0)
      const position = await managers().v3Position(tokenId)
      assert.equal(position[2].toLowerCase(), tokens.weth.toLowerCase())
      assert.equal(position[3].toLowerCase(), tokens.usdc.toLowerCase())
      assert.equal(position[4], 3000)
      assert.deepEqual([position[5], position[6]], [tickLower, tickUpper])
      assert.ok(position[7] > 0n, 'the position holds liquidity')
      // The deposit: at most what was shown, at least 99.5 % of it; paid as ETH (the rest refunded) and USDC.
      assert.ok(
        deposited[0] <= amount0 && deposited[0] >= (amount0 * 9950n) / 10_000n,
        `WETH ${deposited[0]}`,
      )
      assert.ok(
        deposited[1] <= amount1 && deposited[1] >= (amount1 * 9950n) / 10_000n,
        `USDC ${deposited[1]}`,
      )
      assert.equal(eth0 - (await client.getBalance({ address: ACCOUNT_0 })) - gas, deposited[0])
      assert.equal(usdc0 - (await balanceOf(tokens.usdc)), deposited[1])
      // The new position's page reads it back.
      await page.locator('[data-testid="created-position"]').click()
      await page.locator('[data-testid="position"]').waitFor()
      assert.equal(await page.locator('[data-testid="position"]').getAttribute('data-owner'), ACCOUNT_0)
    })
  })

  test('behavior: a v4 position on a new native/UNI pool (0.25 %) created at the typed initial price', async () => {
    await withPage('/positions/create/v4', async (page) => {
      await choosePair(page, 'ETH', tokens.uni)
      await page.getByLabel('Custom fee').check()
      await page.getByLabel('Fee (%)').fill('0.25')
      await page.getByRole('button', { name: 'Continue' }).click()
      const deposit = page.locator('[data-testid="create-deposit"]')
      await deposit.waitFor()
      assert.equal(await deposit.getAttribute('data-new-pool'), 'true')
      await page.getByLabel(/Initial price/).fill('200')
      await page.getByRole('button', { name: 'Common (±25%)' }).click()
      await page.getByLabel('ETH amount').fill('0.5')
      await page.waitForFunction(
        () => document.querySelector('[data-testid="create-deposit"]')?.getAttribute('data-amount1') != null,
      )
      const tickLower = Number(await deposit.getAttribute('data-tick-lower'))
      const tickUpper = Number(await deposit.getAttribute('data-tick-upper'))
      const amount1 = BigInt((await deposit.getAttribute('data-amount1')) ?? '-1')
      await page.getByRole('button', { name: 'Review' }).click()
      const { public: client } = clients()
      const uni0 = await balanceOf(tokens.uni)
      await page.getByRole('button', { name: 'Create position' }).click()
      await confirmed(page)
      await page.locator('[data-testid="created-position"]').waitFor()
      const tokenId = await createdPositionId(page, 'v4')
      const key = {
        currency0: zeroAddress,
        currency1: tokens.uni,
        fee: 2500,
        tickSpacing: 60,
        hooks: zeroAddress,
      }
      const [sqrtPriceX96, tick] = await client.readContract({
        address: contracts.stateView,
        abi: v4StateViewAbi,
        functionName: 'getSlot0',
        args: [poolIdOf(key)],
      })
      // 200 UNI per ETH (both 18 decimals): sqrt(200) · 2^96, within float precision.
      const expected = Math.sqrt(200) * 2 ** 96
      assert.ok(Math.abs(Number(sqrtPriceX96) / expected - 1) < 1e-9, `pool created at ${sqrtPriceX96}`)
      assert.ok(tick > tickLower && tick < tickUpper)
      const owner = await managers().ownerOf('posm', tokenId)
      assert.equal(owner, ACCOUNT_0)
      const [poolKey, info] = await managers().v4PositionInfo(tokenId)
      assert.equal(poolKey.fee, 2500)
      assert.equal(poolKey.currency1.toLowerCase(), tokens.uni.toLowerCase())
      // PositionInfo packs tickUpper at bits 32..55 and tickLower at 8..31 (int24 each).
      const int24 = (value: bigint) => Number(BigInt.asIntN(24, value))
      assert.equal(int24(BigInt(info) >> 32n), tickUpper)
      assert.equal(int24(BigInt(info) >> 8n), tickLower)
      const liquidity = await managers().v4PositionLiquidity(tokenId)
      assert.ok(liquidity > 0n)
      const spentUni = uni0 - (await balanceOf(tokens.uni))
      assert.ok(spentUni > 0n && spentUni <= amount1 + amount1 / 200n, `UNI spent ${spentUni} of ${amount1}`)
    })
  })

  test('behavior: v2 through the legacy routes: /add/v2/ETH/USDC adds to the pair, /remove/v2/ETH/USDC removes half as ETH', async () => {
    const { public: client } = clients()
    const deployment = stack.devnet.manifest.networks.ethereum
    assert.ok(deployment)
    const pairEntry = deployment.pools.find(
      (p) =>
        p.version === 'v2' &&
        'address' in p &&
        [p.token0, p.token1].every((t) => [tokens.weth, tokens.usdc].includes(t as Address)),
    )
    assert.ok(pairEntry && 'address' in pairEntry, 'the WETH/USDC v2 pair is seeded')
    const pair = pairEntry.address as Address
    const lp = () => balanceOf(pair)
    const lp0 = await lp()
    assert.equal(lp0, 0n, 'no LP tokens before: the add is the whole history')
    let mintPaid: readonly [bigint, bigint] = [0n, 0n]
    /** The position-vs-holding card's history once it shows the page's block. */
    const vsHold = async (page: Page) => {
      const card = page.locator('[data-testid="position-vs-hold"][data-state="ready"]')
      await card.waitFor({ timeout: 20_000 })
      const big = async (name: string) => BigInt((await card.getAttribute(name)) ?? '-1')
      const num = async (name: string) => Number((await card.getAttribute(name)) ?? 'NaN')
      return {
        deposited: [await big('data-deposited0'), await big('data-deposited1')],
        withdrawn: [await big('data-withdrawn0'), await big('data-withdrawn1')],
        hold: await num('data-hold-usd'),
        principal: await num('data-principal-usd'),
        fees: await num('data-fees-usd'),
        net: await num('data-net-usd'),
      }
    }
    await withPage(`/add/v2/ETH/${tokens.usdc}`, async (page) => {
      assert.equal(await page.getByLabel('Token A').inputValue(), 'ETH')
      assert.equal(await page.getByLabel('Token B').inputValue(), tokens.usdc)
      await page.locator('[data-testid="fee-v2"]').getByText('0.3%').waitFor()
      await page.getByRole('button', { name: 'Continue' }).click()
      const deposit = page.locator('[data-testid="create-deposit"]')
      await deposit.waitFor()
      assert.equal(await deposit.getAttribute('data-new-pool'), 'false')
      await page.getByLabel('ETH amount').fill('2')
      await page.waitForFunction(
        () => document.querySelector('[data-testid="create-deposit"]')?.getAttribute('data-amount1') != null,
      )
      const usdc0 = await balanceOf(tokens.usdc)
      await page.getByRole('button', { name: 'Review' }).click()
      await page.getByRole('button', { name: 'Create position' }).click()
      const addHash = await confirmed(page)
      const addLogs = (await client.getTransactionReceipt({ hash: addHash })).logs.filter(
        (l) => l.address.toLowerCase() === pair.toLowerCase(),
      )
      const [mint] = parseEventLogs({ abi: v2PairAbi, eventName: 'Mint', logs: addLogs })
      assert.ok(mint, 'the add minted')
      mintPaid = [mint.args.amount0, mint.args.amount1]
      await page.locator('[data-testid="created-position"]').waitFor()
      assert.equal(
        await page.locator('[data-testid="created-position"]').getAttribute('href'),
        `/positions/v2/ethereum/${pair}`,
      )
      assert.ok((await lp()) > lp0, 'LP tokens minted to the account')
      assert.ok((await balanceOf(tokens.usdc)) < usdc0, 'USDC deposited')
    })
    const lp1 = await lp()
    await withPage(`/remove/v2/ETH/${tokens.usdc}`, async (page) => {
      await page.waitForURL(`**/positions/v2/ethereum/${pair}`)
      const view = page.locator('[data-testid="v2-position"]')
      await view.waitFor()
      assert.equal(BigInt((await view.getAttribute('data-balance')) ?? '-1'), lp1)
      // Position vs holding: the indexer's history of the LP tokens is the add, to the wei.
      const opened = await vsHold(page)
      assert.deepEqual(opened.deposited, mintPaid, 'deposited = what the mint took')
      assert.deepEqual(opened.withdrawn, [0n, 0n])
      assert.ok(
        Math.abs(opened.net - (opened.principal - opened.hold + opened.fees)) < 1e-6,
        'net = loss + fees',
      )
      await page.getByRole('button', { name: '50%' }).click()
      const amounts = page.locator('[data-testid="remove-amounts"]')
      const liquidity = BigInt((await amounts.getAttribute('data-liquidity')) ?? '-1')
      const out0 = BigInt((await amounts.getAttribute('data-amount0')) ?? '-1')
      const out1 = BigInt((await amounts.getAttribute('data-amount1')) ?? '-1')
      assert.equal(liquidity, lp1 / 2n)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/v2-position.png`, fullPage: true })
      const eth0 = await client.getBalance({ address: ACCOUNT_0 })
      const usdc0 = await balanceOf(tokens.usdc)
      const blockBefore = await client.getBlockNumber()
      await page.getByLabel('Receive ETH').check()
      await page.getByRole('button', { name: 'Remove liquidity' }).click()
      await confirmed(page)
      const gas = await gasSince(client, blockBefore)
      assert.equal(await lp(), lp1 - liquidity, 'half the LP tokens burned')
      const wethIs0 = BigInt(tokens.weth) < BigInt(tokens.usdc)
      const ethOut = wethIs0 ? out0 : out1
      const usdcOut = wethIs0 ? out1 : out0
      assert.equal((await client.getBalance({ address: ACCOUNT_0 })) - eth0 + gas, ethOut, 'ETH to the wei')
      assert.equal((await balanceOf(tokens.usdc)) - usdc0, usdcOut, 'USDC to the wei')
      // The removal's payout is the position's withdrawal; the deposits stay as they were.
      await page.locator(`[data-testid="v2-position"][data-balance="${lp1 - liquidity}"]`).waitFor()
      const halved = await vsHold(page)
      await page
        .locator(`[data-testid="position-vs-hold"][data-withdrawn0="${out0}"][data-withdrawn1="${out1}"]`)
        .waitFor({ timeout: 20_000 })
      assert.deepEqual(halved.deposited, mintPaid)
    })
    await withPage('/positions/v2/ethereum/0x000000000000000000000000000000000000dEaD', async (page) => {
      await page.locator('[data-testid="position-not-found"]').waitFor()
    })
    await withPage(`/remove/v2/ETH/${tokens.uni}x`, async (page) => {
      await page.locator('[data-testid="pool-not-found"]').waitFor()
    })
  })

  test("behavior: the v2 LP tokens (left by the test above) are listed on /positions (v2 filter) and /migrate/v2 with the chain's balance and amounts; Migrate opens the pair's form", async () => {
    const { public: client } = clients()
    const pair = wethUsdcPair()
    const lp = await balanceOf(pair)
    assert.ok(lp > 0n, 'the account holds LP tokens')
    await indexedV2(pair, lp)
    const pairRead = { address: pair, abi: v2PairAbi } as const
    const [[reserve0, reserve1], supply] = await Promise.all([
      client.readContract({ ...pairRead, functionName: 'getReserves' }),
      client.readContract({ ...pairRead, functionName: 'totalSupply' }),
    ])
    for (const width of [1280, 390]) {
      await withPage(
        '/positions',
        async (page) => {
          await page.getByLabel('Version').selectOption('v2')
          const row = page.locator(`[data-testid="position-row"][data-version="v2"][data-token-id="${pair}"]`)
          await page.waitForFunction(
            (p) =>
              document
                .querySelector(`[data-testid="position-row"][data-token-id="${p}"]`)
                ?.hasAttribute('data-balance') === true,
            pair,
          )
          assert.equal(
            await page.locator('[data-testid="position-row"]').count(),
            1,
            'only v2 rows under the v2 filter',
          )
          assert.equal(await row.getAttribute('data-balance'), lp.toString())
          assert.equal(await row.getAttribute('data-amount0'), ((lp * reserve0) / supply).toString())
          assert.equal(await row.getAttribute('data-amount1'), ((lp * reserve1) / supply).toString())
          assert.equal(await row.getAttribute('data-status'), 'IN_RANGE')
          assert.equal(await row.getAttribute('href'), `/positions/v2/ethereum/${pair}`)
          if (SHOTS) await page.screenshot({ path: `${SHOTS}/positions-v2-${width}.png`, fullPage: true })
        },
        width,
      )
      await withPage(
        '/migrate/v2',
        async (page) => {
          const row = page.locator(`[data-testid="migrate-v2-row"][data-pair="${pair}"]`)
          await page.waitForFunction(
            (p) =>
              document
                .querySelector(`[data-testid="migrate-v2-row"][data-pair="${p}"]`)
                ?.hasAttribute('data-balance') === true,
            pair,
          )
          assert.equal(await row.getAttribute('data-balance'), lp.toString())
          assert.equal(await row.getAttribute('data-network'), 'ethereum')
          if (SHOTS) await page.screenshot({ path: `${SHOTS}/migrate-v2-list-${width}.png`, fullPage: true })
          await row.getByTestId('migrate-v2-link').click()
          await page.locator('[data-testid="migrate-v2"]').waitFor()
          assert.equal(new URL(page.url()).pathname, `/migrate/v2/ethereum/${pair}`)
        },
        width,
      )
    }
    // The address alone: the network is where the account holds the pair.
    await withPage(`/migrate/v2/${pair}`, async (page) => {
      await page.locator('[data-testid="migrate-v2"]').waitFor()
    })
    await withPage('/migrate/v2/0xnot', async (page) => {
      await page.locator('[data-testid="pair-not-found"]').waitFor()
      assert.equal(await page.locator('main h2').textContent(), 'Pair not found')
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/migrate-v2-not-found.png`, fullPage: true })
    })
    await withPage(
      '/migrate/v2',
      async (page) => {
        await page.getByTestId('liquidity-connect').waitFor()
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/migrate-v2-connect.png`, fullPage: true })
        await page.getByTestId('liquidity-connect').getByRole('button', { name: 'Connect wallet' }).click()
        await page.getByRole('dialog', { name: 'Connect a wallet' }).waitFor()
      },
      390,
      false,
    )
  })

  test('behavior: migrating the v2 WETH/USDC LP tokens (left by the test above) into a new 1 % v3 pool: min ≥ max refused, then every LP token burned and an NFT minted', async () => {
    const pair = wethUsdcPair()
    const lp0 = await balanceOf(pair)
    assert.ok(lp0 > 0n, 'the account holds LP tokens')
    await withPage(`/migrate/v2/ethereum/${pair}`, async (page) => {
      const form = page.locator('[data-testid="migrate-v2"]')
      await form.waitFor()
      await page.getByLabel('1%', { exact: true }).check()
      await page.waitForFunction(
        () => document.querySelector('[data-testid="migrate-v2"]')?.getAttribute('data-new-pool') === 'true',
      )
      await page.getByLabel('Min price').fill('4000')
      await page.getByLabel('Max price').fill('3000')
      await page.getByRole('button', { name: 'Migrate', exact: true }).click()
      assert.equal(
        await page.locator('[data-testid="migrate-problem"]').textContent(),
        'Invalid range selected. The min price must be lower than the max price.',
      )
      await page.getByRole('button', { name: 'Full range' }).click()
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/migrate-v2.png`, fullPage: true })
      await page.getByRole('button', { name: 'Migrate', exact: true }).click()
      await confirmed(page)
      await page.locator('[data-testid="created-position"]').waitFor()
      const tokenId = await createdPositionId(page, 'v3')
      assert.equal(await balanceOf(pair), 0n, 'every LP token was burned')
      const owner = await managers().ownerOf('npm', tokenId)
      assert.equal(owner, ACCOUNT_0)
      const position = await managers().v3Position(tokenId)
      assert.equal(position[4], 10_000)
      assert.ok(position[7] > 0n, 'the migrated position holds liquidity')
    })
  })

  test('behavior: v2 WETH/USDC LP tokens migrated to a new native ETH/USDC 0.3% v4 pool: removed as ETH to the wallet, then minted; every LP token burned, the v4 NFT the account’s with the liquidity shown', async () => {
    const { public: client } = clients()
    const pair = wethUsdcPair()
    const router = stack.devnet.manifest.networks.ethereum?.contracts.v2Router02 as Address
    // Set-up on chain (the app's v2 add is covered above): 1 ETH of liquidity.
    await addV2EthLiquidity(clients(), router, tokens.usdc)
    const lp0 = await balanceOf(pair)
    assert.ok(lp0 > 0n)
    const [reserve0, reserve1] = await client.readContract({
      address: pair,
      abi: v2PairAbi,
      functionName: 'getReserves',
    })
    const usdc0 = await balanceOf(tokens.usdc)
    if (SHOTS) {
      await withPage(
        `/migrate/v2/ethereum/${pair}`,
        async (page) => {
          await page.getByLabel('v4', { exact: true }).check()
          await page.locator('[data-testid="migrate-amounts"]').waitFor()
          await page.screenshot({ path: `${SHOTS}/migrate-v2-v4-390.png`, fullPage: true })
        },
        390,
      )
    }
    await withPage(`/migrate/v2/ethereum/${pair}`, async (page) => {
      const form = page.locator('[data-testid="migrate-v2"]')
      await form.waitFor()
      await page.getByLabel('v4', { exact: true }).check()
      await page.getByTestId('migrate-v4-steps').waitFor()
      assert.equal(await page.getByLabel('Use ETH in the v4 pool (the WETH is unwrapped)').isChecked(), true)
      await page.waitForFunction(
        () => document.querySelector('[data-testid="migrate-v2"]')?.getAttribute('data-new-pool') === 'true',
      )
      await page.getByRole('button', { name: 'Common (±25%)' }).click()
      const amounts = page.locator('[data-testid="migrate-amounts"]')
      await amounts.waitFor()
      const shownLiquidity = BigInt((await amounts.getAttribute('data-liquidity')) ?? '-1')
      assert.ok(shownLiquidity > 0n)
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/migrate-v2-v4-1280.png`, fullPage: true })
      await page.getByRole('button', { name: 'Migrate', exact: true }).click()
      await confirmed(page)
      await page.locator('[data-testid="created-position"]').waitFor()
      const tokenId = await createdPositionId(page, 'v4')
      assert.equal(await balanceOf(pair), 0n, 'every LP token was burned')
      assert.equal(await managers().ownerOf('posm', tokenId), ACCOUNT_0)
      const liquidity = await managers().v4PositionLiquidity(tokenId)
      assert.equal(liquidity, shownLiquidity, 'the liquidity shown before signing')
      const [poolKey] = await managers().v4PositionInfo(tokenId)
      assert.equal(poolKey.currency0, zeroAddress, 'native ETH')
      assert.equal(poolKey.currency1.toLowerCase(), tokens.usdc.toLowerCase())
      assert.equal(poolKey.fee, 3000)
      // Created at the v2 pair's price (USDC per ETH, raw), to a hundredth of a percent.
      const [sqrtPriceX96] = await client.readContract({
        address: contracts.stateView,
        abi: v4StateViewAbi,
        functionName: 'getSlot0',
        args: [poolIdOf(poolKey)],
      })
      const wethIs0 = BigInt(tokens.weth) < BigInt(tokens.usdc)
      const pairPrice = wethIs0 ? Number(reserve1) / Number(reserve0) : Number(reserve0) / Number(reserve1)
      const poolPrice = (Number(sqrtPriceX96) / 2 ** 96) ** 2
      assert.ok(Math.abs(poolPrice / pairPrice - 1) < 1e-4, `${poolPrice} vs ${pairPrice}`)
      // The removal paid at least what the mint took: the wallet holds no less USDC than before.
      assert.ok((await balanceOf(tokens.usdc)) >= usdc0, 'the unused USDC stays in the wallet')
      assert.equal(
        await client.getBalance({ address: contracts.posm }),
        0n,
        'no ETH left in the PositionManager',
      )
    })
  })

  test('behavior: with every LP token migrated, /migrate/v2 says no v2 liquidity was found and links to /positions', async () => {
    const pair = wethUsdcPair()
    assert.equal(await balanceOf(pair), 0n)
    await indexedV2(pair, 0n)
    await withPage('/migrate/v2', async (page) => {
      await page.getByTestId('migrate-v2-empty').waitFor()
      assert.equal(
        await page.getByTestId('migrate-v2-empty').locator('h2').textContent(),
        'No v2 liquidity found',
      )
      assert.equal(
        await page.getByTestId('migrate-v2-empty').getByRole('link').getAttribute('href'),
        '/positions',
      )
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/migrate-v2-empty.png`, fullPage: true })
    })
  })
})
