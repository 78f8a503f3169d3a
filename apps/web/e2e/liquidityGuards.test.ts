/**
 * The liquidity screens' guards in Chromium against the real local stack (devnet ethereum and
 * ZKsync on port base 33700, the indexer on 33790 indexing ethereum only, the built app on
 * localhost:33775), checked on chain with viem (issue #13): the pool finder behind /pool/v2/find
 * finds a devnet v2 pair on ZKsync (a network the indexer does not index) and imports it, so
 * /positions lists it with the chain's LP balance; "Pool not found" with its "Create pool"; v4 is not
 * offered on ZKsync although the devnet deployed it there (the registry says ZKsync has no v4); and a
 * hook contract whose address lacks the permissions v4 needs gets "Enter a valid hook address"
 * before anything is signed.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { devnetClients } from '@oxbow/devnet'
import { v2FactoryAbi } from '@oxbow/protocol'
import type { Page } from 'playwright-core'
import { type Address, zeroAddress } from 'viem'
import {
  addV2EthLiquidity,
  type LiquidityStack,
  startLiquidityStack,
  withLiquidityPage,
} from './liquidityKit.ts'
import { ACCOUNT_0, balanceOf, connectWallet, seededToken } from './swapKit.ts'

const PORTS = { devnetPortBase: 33700, indexer: 33790, web: 33775 }
const WALLET = 'Liquidity Guards Test Wallet'

let stack: LiquidityStack
/** ZKsync's seeded v2 WETH/USDC pair, where account 0 holds LP tokens. */
let zkPair: Address
let zkUsdc: Address
let zkLp: bigint

const zk = () => devnetClients(stack.devnet.manifest, 'zksync', 0)
const eth = () => devnetClients(stack.devnet.manifest, 'ethereum', 0)
const deployment = (slug: 'ethereum' | 'zksync') => {
  const d = stack.devnet.manifest.networks[slug]
  assert.ok(d, `the devnet serves ${slug}`)
  return d
}

const pairOf = (slug: 'ethereum' | 'zksync', a: Address, b: Address) => {
  const client = slug === 'zksync' ? zk().public : eth().public
  return client.readContract({
    address: deployment(slug).contracts.v2Factory,
    abi: v2FactoryAbi,
    functionName: 'getPair',
    args: [a, b],
  })
}

before(async () => {
  stack = await startLiquidityStack(PORTS, async () => {}, ['zksync'])
  const { public: client } = zk()
  const d = deployment('zksync')
  zkUsdc = seededToken(d, 'USDC')
  zkPair = await pairOf('zksync', seededToken(d, 'WETH'), zkUsdc)
  assert.notEqual(zkPair, zeroAddress, 'the devnet seeds a WETH/USDC v2 pair on ZKsync')
  // Account 0 provides 1 ETH of liquidity there (on chain: the app's v2 add is covered elsewhere).
  await addV2EthLiquidity(zk(), d.contracts.v2Router02, zkUsdc)
  zkLp = await balanceOf(client, zkPair, ACCOUNT_0)
  assert.ok(zkLp > 0n)
})

after(async () => {
  await stack?.stop()
})

const withPage = (path: string, run: (page: Page) => Promise<void>) =>
  withLiquidityPage(stack, path, run, { wallet: { name: WALLET, rdns: 'test.guards' } })

const finder = (page: Page) => page.locator('[data-testid="pool-finder"]')

async function findPool(page: Page, network: string, a: string, b: string) {
  const card = finder(page)
  await card.getByLabel('Network').selectOption({ label: network })
  await card.getByLabel('Token A').fill(a)
  await card.getByLabel('Token B').fill(b)
  await card.getByRole('button', { name: 'Find pool' }).click()
}

/** After a full load of /positions: the wallet connected again when the page asks for it. */
async function openPositionsList(page: Page) {
  const prompt = page.locator('[data-testid="liquidity-connect"]')
  await prompt.or(page.getByLabel('Version')).first().waitFor()
  if ((await prompt.count()) > 0) await connectWallet(page, WALLET, ACCOUNT_0)
}

/** /positions with the v2 filter: the rows' pair addresses on `network`. */
async function v2Rows(page: Page, network: string): Promise<string[]> {
  await page.goto(`${stack.web.url}/positions`)
  await openPositionsList(page)
  await page.getByLabel('Version').selectOption('v2')
  await page.locator('[data-testid="position-row"], [data-testid="positions-empty"]').first().waitFor()
  return page
    .locator(`[data-testid="position-row"][data-network="${network}"]`)
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-token-id') ?? ''))
}

describe('liquidity guards', () => {
  test('pool finder: /pool/v2/find finds the ZKsync v2 pair with the LP balance of the chain; imported, /positions lists it', async () => {
    await withPage('/pool/v2/find', async (page) => {
      await page.waitForURL(/\/positions\/create\/v2$/)
      // Before the import: the indexer does not index ZKsync, so /positions cannot list the pair.
      assert.deepEqual(await v2Rows(page, 'zksync'), [])
      await page.goto(`${stack.web.url}/pools/v2/find`)
      await page.waitForURL(/\/positions\/create\/v2$/)
      // A full load: the test wallet is connected again (the app does not reconnect it by itself).
      await connectWallet(page, WALLET, ACCOUNT_0)
      await findPool(page, 'ZKsync', 'ETH', zkUsdc)
      const found = page.locator('[data-testid="pool-found"]')
      await found.waitFor()
      assert.equal(await found.getAttribute('data-pair'), zkPair)
      assert.equal(await found.getAttribute('data-balance'), zkLp.toString())
      assert.match((await found.textContent()) ?? '', /WETH\/USDC · v2/)
      await found.getByRole('button', { name: 'Import' }).click()
      await page.locator('[data-testid="pool-imported"]').waitFor()
      assert.equal(
        await page.locator('[data-testid="finder-position"]').getAttribute('href'),
        `/positions/v2/zksync/${zkPair}`,
      )
      // Listed, kept across a reload, with the chain's balance.
      assert.deepEqual(await v2Rows(page, 'zksync'), [zkPair])
      await page.reload()
      await openPositionsList(page)
      await page.getByLabel('Version').selectOption('v2')
      const row = page.locator(
        `[data-testid="position-row"][data-network="zksync"][data-token-id="${zkPair}"]`,
      )
      await row.and(page.locator(`[data-balance="${zkLp}"]`)).waitFor()
      assert.equal(await row.getAttribute('data-status'), 'IN_RANGE')
      assert.equal(await row.getAttribute('href'), `/positions/v2/zksync/${zkPair}`)
    })
  })

  test('pool finder: "Pool not found" for a pair without a v2 pool, whose "Create pool" opens the create flow with it', async () => {
    const d = deployment('ethereum')
    const usdc = seededToken(d, 'USDC')
    const uni = seededToken(d, 'UNI')
    assert.equal(await pairOf('ethereum', usdc, uni), zeroAddress, 'no USDC/UNI v2 pair on chain')
    await withPage('/pool/v2/find', async (page) => {
      await page.waitForURL(/\/positions\/create\/v2$/)
      await findPool(page, 'Ethereum', usdc, uni)
      const notFound = page.locator('[data-testid="pool-not-found"]')
      await notFound.waitFor()
      assert.equal(await notFound.getByRole('alert').textContent(), 'Pool not found')
      assert.equal(await page.locator('[data-testid="pool-found"]').count(), 0)
      await page.locator('[data-testid="finder-create"]').click()
      await page.waitForURL(/\/positions\/create\/v2\?/)
      const create = page.locator('[data-testid="create-position"]')
      assert.equal(await create.getByLabel('Token A').inputValue(), usdc)
      assert.equal(await create.getByLabel('Token B').inputValue(), uni)
      assert.equal(await create.getByLabel('Network').inputValue(), 'ethereum')
    })
  })

  test('v4 on ZKsync: not offered by the version picker, and the create flow, position page and v3 -> v4 migration say so', async () => {
    // The devnet deploys v4 everywhere; the app follows the registry, which has none on ZKsync.
    const posm = deployment('zksync').contracts.v4PositionManager
    assert.notEqual(await zk().public.getCode({ address: posm }), undefined)
    const message = 'v4 is not available on ZKsync. Choose another version or network.'
    await withPage('/positions/create/v4?chain=zksync', async (page) => {
      const unavailable = page.locator('[data-testid="version-unavailable"]')
      assert.equal(await unavailable.textContent(), message)
      const versions = page.locator('[data-testid="create-position"] fieldset').first()
      assert.deepEqual(
        await versions.locator('label').allTextContents(),
        ['v2', 'v3'].map((v) => ` ${v}`),
      )
      // No pair form on a version the network lacks.
      assert.equal(await page.getByLabel('Token A').count(), 0)
      // Another network offers v4 again; choosing v3 on ZKsync keeps the network.
      await page.getByLabel('Network').selectOption('ethereum')
      await page.getByLabel('Token A').waitFor()
      assert.equal(await unavailable.count(), 0)
      assert.equal(await page.getByLabel('v4', { exact: true }).isChecked(), true)
      await page.getByLabel('Network').selectOption('zksync')
      await unavailable.waitFor()
      // The version is the URL's: the radio turns checked once the navigation renders, which a
      // loaded machine may not do within check()'s own look right after the click.
      await page.getByLabel('v3', { exact: true }).click()
      await page.waitForURL(/\/positions\/create\/v3\?chain=zksync$/)
      assert.equal(await page.getByLabel('v3', { exact: true }).isChecked(), true)
      await page.getByLabel('Token A').waitFor()
      assert.equal(await page.getByLabel('Network').inputValue(), 'zksync')
      for (const path of ['/positions/v4/zksync/1', '/migrate/v3/zksync/1']) {
        await page.goto(stack.web.url + path)
        assert.equal(await unavailable.textContent(), message, path)
      }
    })
  })

  test('a hook contract lacking the permissions v4 needs: "Enter a valid hook address", nothing signed; the devnet hook passes', async () => {
    const { public: client, test: testClient } = eth()
    const d = deployment('ethereum')
    const devnetHook = d.hooks.OxbowHook as Address
    const code = await client.getCode({ address: devnetHook })
    assert.ok(code && code !== '0x')
    // The same contract code at addresses whose low 14 bits lack needed permissions: a
    // beforeSwap-returns-delta flag without beforeSwap, and no permission at all for a static fee.
    const deltaWithoutSwap: Address = '0x00000000000000000000000000000000000B0008'
    const noPermissions: Address = '0x00000000000000000000000000000000000BC000'
    for (const address of [deltaWithoutSwap, noPermissions])
      await testClient.setCode({ address, bytecode: code })
    const usdc = seededToken(d, 'USDC')
    const blockBefore = await client.getBlockNumber()
    await withPage('/positions/create/v4', async (page) => {
      await page.getByLabel('Token A').fill('ETH')
      await page.getByLabel('Token B').fill(usdc)
      await page.getByLabel('0.3%').check()
      const problem = page.locator('[data-testid="create-problem"]')
      for (const hook of [deltaWithoutSwap, noPermissions]) {
        await page.getByLabel('Hook address (optional)').fill(hook)
        await page.getByRole('button', { name: 'Continue' }).click()
        await problem.waitFor()
        assert.equal(await problem.textContent(), 'Enter a valid hook address', hook)
        assert.equal(await page.locator('[data-testid="create-position"]').getAttribute('data-step'), 'pair')
      }
      // The devnet's hook (afterInitialize | afterSwap) is accepted: the deposit step opens.
      await page.getByLabel('Hook address (optional)').fill(devnetHook)
      await page.getByRole('button', { name: 'Continue' }).click()
      await page.locator('[data-testid="create-position"][data-step="deposit"]').waitFor()
    })
    assert.equal(await client.getBlockNumber(), blockBefore, 'nothing was sent')
  })
})
