/**
 * Shared pieces of the swap browser suite and the swap benchmark: reading balances and gas in the
 * test process, picking trades whose best route goes through a given protocol (asked of the API,
 * so the suite keeps testing what it claims when the router changes), a scriptable EIP-6963 test
 * wallet, and the swap box's DOM contract (apps/web's swap-contract: test ids and states).
 */

import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import type { NetworkDeployment } from '@oxbow/protocol'
import type { Locator, Page } from 'playwright-core'
import { type Address, erc20Abi, type Hex, type PublicClient } from 'viem'

/**
 * The seeded token `symbol` of a devnet network (not one of its impersonators); throws when the
 * network is not running or has no such token.
 */
export function seededTokenOf(
  deployment: NetworkDeployment | undefined,
  symbol: string,
): NetworkDeployment['tokens'][number] {
  const found = deployment?.tokens.find((t) => t.symbol === symbol && t.kind !== 'impersonator')
  if (!found) throw new Error(`${symbol} is not seeded on ${deployment?.slug ?? 'this network'}`)
  return found
}

/** The address of the seeded token `symbol` (not one of its impersonators). */
export const seededToken = (deployment: NetworkDeployment | undefined, symbol: string): Address =>
  seededTokenOf(deployment, symbol).address

export const ACCOUNT_0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const ACCOUNT_1: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export type Protocol = 'V2' | 'V3' | 'V4'

export interface ApiQuote {
  readonly blockNumber: string
  readonly amountIn: string
  readonly amountOut: string
  readonly route: readonly {
    readonly percent: number
    readonly hops: readonly { readonly protocol: 'V2' | 'V3' | 'V4' | 'WRAP' }[]
  }[]
}

export interface TradeCandidate {
  readonly tokenIn: Address
  readonly tokenOut: Address
  /** Human amount of the independent side. */
  readonly amount: string
  readonly type: 'EXACT_INPUT' | 'EXACT_OUTPUT'
}

export async function apiQuote(
  apiUrl: string,
  network: string,
  request: { tokenIn: Address; tokenOut: Address; amount: bigint; type: 'EXACT_INPUT' | 'EXACT_OUTPUT' },
): Promise<{ status: number; body: ApiQuote & { error?: { code: string } } }> {
  const response = await fetch(`${apiUrl}/v1/quote`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ network, ...request, amount: request.amount.toString() }),
  })
  return { status: response.status, body: (await response.json()) as never }
}

/** A swap transaction the trading API built, ready to send. */
export interface ApiSwapTx {
  readonly to: Address
  readonly data: Hex
  readonly value: bigint
  readonly gasLimit: bigint
}

/**
 * Another account's trade: the trading API's swap of exactly `amount` wei of ETH for `tokenOut` on
 * ethereum, for `swapper` (asserts the API answered READY).
 */
export async function apiEthSwap(
  apiUrl: string,
  request: { tokenOut: Address; amount: bigint; slippage: number; swapper: Address },
): Promise<ApiSwapTx> {
  const response = await fetch(`${apiUrl}/v1/swap`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      network: 'ethereum',
      tokenIn: 'ETH',
      tokenOut: request.tokenOut,
      amount: request.amount.toString(),
      type: 'EXACT_INPUT',
      slippage: request.slippage,
      swapper: request.swapper,
    }),
  })
  const body = (await response.json()) as {
    status: string
    tx: { to: Address; data: Hex; value: string; gasLimit: string }
  }
  if (body.status !== 'READY') throw new Error(`the swap is not READY: ${JSON.stringify(body).slice(0, 300)}`)
  return { ...body.tx, value: BigInt(body.tx.value), gasLimit: BigInt(body.tx.gasLimit) }
}

export const protocolsOf = (quote: ApiQuote): Set<string> =>
  new Set(quote.route.flatMap((leg) => leg.hops.map((hop) => hop.protocol)).filter((p) => p !== 'WRAP'))

/**
 * The first candidate whose best route uses only `protocol` (apart from wrapping), else the first
 * that uses it at all. Throws when none does: the suite would otherwise test something else.
 */
export async function pickTrade<T extends TradeCandidate>(
  apiUrl: string,
  network: string,
  protocol: Protocol,
  candidates: readonly T[],
  decimalsOf: (token: Address) => number,
): Promise<{ trade: T; quote: ApiQuote }> {
  let fallback: { trade: T; quote: ApiQuote } | undefined
  const seen: string[] = []
  for (const trade of candidates) {
    const independent = trade.type === 'EXACT_INPUT' ? trade.tokenIn : trade.tokenOut
    const amount = toBaseUnits(trade.amount, decimalsOf(independent))
    const { status, body } = await apiQuote(apiUrl, network, {
      tokenIn: trade.tokenIn,
      tokenOut: trade.tokenOut,
      type: trade.type,
      amount,
    })
    if (status !== 200) {
      seen.push(
        `${trade.tokenIn}->${trade.tokenOut} ${trade.amount}: ${status} ${JSON.stringify(body).slice(0, 120)}`,
      )
      continue
    }
    const used = protocolsOf(body)
    seen.push(`${trade.tokenIn}->${trade.tokenOut} ${trade.amount}: ${[...used].join('+')}`)
    if (used.size === 1 && used.has(protocol)) return { trade, quote: body }
    if (used.has(protocol)) fallback ??= { trade, quote: body }
  }
  if (fallback) return fallback
  throw new Error(`no candidate trade routes through ${protocol}: ${seen.join('; ')}`)
}

export function toBaseUnits(amount: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = amount.split('.')
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals))
}

export async function balanceOf(client: PublicClient, token: Address, owner: Address): Promise<bigint> {
  if (token === NATIVE_CURRENCY_ADDRESS) return client.getBalance({ address: owner })
  return client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

export interface SentTransaction {
  readonly hash: Hex
  readonly status: 'success' | 'reverted'
  readonly gasCost: bigint
  readonly to: Address | null
}

/** Every transaction `from` sent in blocks (fromBlock, toBlock], with its receipt's gas cost. */
export async function transactionsFrom(
  client: PublicClient,
  from: Address,
  fromBlock: bigint,
  toBlock: bigint,
): Promise<SentTransaction[]> {
  const sent: SentTransaction[] = []
  for (let number = fromBlock + 1n; number <= toBlock; number++) {
    const block = await client.getBlock({ blockNumber: number, includeTransactions: true })
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() !== from.toLowerCase()) continue
      const receipt = await client.getTransactionReceipt({ hash: tx.hash })
      sent.push({
        hash: tx.hash,
        status: receipt.status,
        gasCost: receipt.gasUsed * receipt.effectiveGasPrice,
        to: tx.to,
      })
    }
  }
  return sent
}

/**
 * An EIP-6963 wallet for the page (plain JS text: tsx would inject helpers into a serialized
 * function). It forwards everything to the devnet's RPC of its current chain, where anvil's test
 * accounts are unlocked, so eth_sendTransaction and eth_signTypedData_v4 really happen; `rejectSend`
 * and `rejectSwitch` make it refuse like a person pressing Reject (EIP-1193 code 4001).
 */
export function injectedTestWallet(options: {
  name: string
  rdns: string
  account: Address
  /** chain id -> RPC URL; the first is the starting chain. */
  chains: readonly (readonly [number, string])[]
  rejectSend?: boolean
  rejectSwitch?: boolean
}): string {
  return `(() => {
    const opts = ${JSON.stringify(options)}
    const rpc = new Map(opts.chains)
    let chainId = opts.chains[0][0]
    let connected = false
    let nextId = 1
    const listeners = new Map()
    const emit = (event, value) => (listeners.get(event) || []).slice().forEach((fn) => fn(value))
    const calls = []
    window.__testWalletCalls = calls
    const reject = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
    const forward = async (method, params) => {
      const response = await fetch(rpc.get(chainId), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params || [] }),
      })
      const body = await response.json()
      if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data })
      return body.result
    }
    const provider = {
      async request({ method, params }) {
        calls.push(method)
        switch (method) {
          case 'eth_requestAccounts': connected = true; return [opts.account]
          case 'eth_accounts': return connected ? [opts.account] : []
          case 'eth_chainId': return '0x' + chainId.toString(16)
          case 'net_version': return String(chainId)
          case 'wallet_requestPermissions': connected = true; return [{ parentCapability: 'eth_accounts' }]
          case 'wallet_getPermissions': return connected ? [{ parentCapability: 'eth_accounts' }] : []
          case 'wallet_revokePermissions': connected = false; return null
          case 'wallet_addEthereumChain': return null
          case 'wallet_switchEthereumChain': {
            if (opts.rejectSwitch) throw reject()
            const next = Number(params[0].chainId)
            if (!rpc.has(next)) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 })
            chainId = next
            emit('chainChanged', '0x' + next.toString(16))
            return null
          }
          case 'eth_sendTransaction':
            if (opts.rejectSend) throw reject()
            return forward(method, params)
          default:
            return forward(method, params)
        }
      },
      on(event, fn) { listeners.set(event, [...(listeners.get(event) || []), fn]); return provider },
      removeListener(event, fn) { listeners.set(event, (listeners.get(event) || []).filter((f) => f !== fn)); return provider },
    }
    const detail = Object.freeze({
      info: Object.freeze({
        uuid: crypto.randomUUID(),
        name: opts.name,
        rdns: opts.rdns,
        icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%221%22 height=%221%22/%3E',
      }),
      provider,
    })
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  })()`
}

// --- the swap box (DOM contract) ---

export const swapBox = (page: Page): Locator => page.locator('section[aria-label="Swap"]')
export const byTestId = (page: Page, id: string): Locator => page.locator(`[data-testid="${id}"]`)

export const connectButton = (page: Page): Locator =>
  page.locator('header').getByRole('button', { name: 'Connect', exact: true })

export const accountButton = (page: Page, address: string): Locator =>
  page.locator('header').getByRole('button', { name: `Account ${address.slice(0, 8)}…${address.slice(-6)}` })

/** Connects a wallet from the header's connect drawer by its name. */
export async function connectWallet(page: Page, walletName: string, address: Address): Promise<void> {
  await connectButton(page).click()
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: walletName })
    .click()
  await accountButton(page, address).waitFor()
}

/**
 * Chooses `network` in the swap box and presses its 'Switch to {label}' button until `done()`
 * holds. The button appears once the form has followed the new network (not within a fixed delay
 * on a busy machine), and a click that lands while it re-renders is lost, as a user's would be: it
 * is clicked again after 5 s without `done(clicked)`.
 */
export async function switchNetworkFromSwapBox(
  page: Page,
  network: { readonly name: string; readonly label: string },
  done: (clicked: boolean) => Promise<boolean>,
  timeout = 30_000,
): Promise<void> {
  await page.getByRole('combobox', { name: 'Network' }).selectOption(network.name)
  const button = page.getByTestId('swap-button')
  const deadline = Date.now() + timeout
  let clickedAt = 0
  while (!(await done(clickedAt > 0))) {
    if (Date.now() > deadline) {
      throw new Error(
        `no switch to ${network.label} within ${timeout} ms; the button shows "${await button.textContent()}"`,
      )
    }
    const label = (await button.textContent())?.trim()
    if (Date.now() - clickedAt > 5_000 && label === `Switch to ${network.label}`) {
      await button.click()
      clickedAt = Date.now()
    }
    await page.waitForTimeout(100)
  }
}

export interface ShownQuote {
  readonly amountIn: bigint
  readonly amountOut: bigint
  readonly block: bigint
  readonly route: string
}

/**
 * Waits for the quote of what is typed (the independent side's base units must match) and reads
 * its base-unit amounts from `swap-quote`.
 */
export async function waitForQuote(
  page: Page,
  expected: { side: 'in' | 'out'; amount: bigint },
  timeout = 15_000,
): Promise<ShownQuote> {
  const quote = byTestId(page, 'swap-quote')
  const attribute = expected.side === 'in' ? 'data-amount-in' : 'data-amount-out'
  await page.waitForFunction(
    ([attr, amount]) => {
      const quote = document.querySelector('[data-testid="swap-quote"]')
      // data-current="false" marks a quote kept on screen while its successor loads.
      return quote?.getAttribute(attr) === amount && quote.getAttribute('data-current') !== 'false'
    },
    [attribute, expected.amount.toString()] as const,
    { timeout },
  )
  const [amountIn, amountOut, block] = await Promise.all(
    ['data-amount-in', 'data-amount-out', 'data-block'].map((name) => quote.getAttribute(name)),
  )
  const route = (await byTestId(page, 'swap-route').first().textContent()) ?? ''
  return {
    amountIn: BigInt(amountIn ?? '-1'),
    amountOut: BigInt(amountOut ?? '-1'),
    block: BigInt(block ?? '-1'),
    route,
  }
}

/**
 * Waits until the main swap button reads `label` and is enabled (the page's default timeout unless
 * one is given).
 */
export async function waitForSwapButton(page: Page, label = 'Review', timeout?: number): Promise<void> {
  await page.waitForFunction(
    (label) => {
      const b = document.querySelector('[data-testid="swap-button"]') as HTMLButtonElement | null
      return b !== null && !b.disabled && b.textContent?.trim() === label
    },
    label,
    timeout === undefined ? {} : { timeout },
  )
}

/**
 * Presses Review once it is enabled and waits until the review knows its steps; returns the review
 * and its steps' `data-step`, in order.
 */
export async function openReviewSteps(
  page: Page,
  timeout?: number,
): Promise<{ review: Locator; steps: (string | null)[] }> {
  await waitForSwapButton(page, 'Review', timeout)
  await byTestId(page, 'swap-button').click()
  const review = byTestId(page, 'swap-review')
  await review.waitFor()
  await page.waitForFunction(() => !document.querySelector('[data-testid="swap-step-loading"]'))
  return { review, steps: await stepsOf(review) }
}

/** The `swap-step` items of a review or status view: each one's `attribute` (its step by default), in order. */
export const stepsOf = (scope: Locator, attribute = 'data-step'): Promise<(string | null)[]> =>
  scope
    .locator('[data-testid="swap-step"]')
    .evaluateAll((items, name) => items.map((item) => item.getAttribute(name)), attribute)

/**
 * Review (or Wrap / Unwrap: the main button's label), then confirm; resolves with the final status
 * (confirmed or failed) and its message.
 */
export async function reviewAndConfirm(
  page: Page,
  timeout = 30_000,
  label: 'Review' | 'Wrap' | 'Unwrap' = 'Review',
): Promise<{ state: string; message: string }> {
  await waitForSwapButton(page, label, 10_000)
  await byTestId(page, 'swap-button').click()
  await byTestId(page, 'swap-review').waitFor()
  await byTestId(page, 'swap-confirm').click()
  return finalStatus(page, timeout)
}

export async function finalStatus(page: Page, timeout = 30_000): Promise<{ state: string; message: string }> {
  const status = page.locator(
    '[data-testid="swap-status"][data-state="confirmed"], [data-testid="swap-status"][data-state="failed"]',
  )
  await status.first().waitFor({ timeout })
  const state = (await status.first().getAttribute('data-state')) ?? ''
  const message = ((await byTestId(page, 'swap-status-message').first().textContent()) ?? '').trim()
  return { state, message }
}

/** Opens the token selector of a side and picks the token by address (search by symbol first). */
export async function selectToken(
  page: Page,
  side: 'input' | 'output',
  token: { address: Address; symbol: string },
): Promise<void> {
  await byTestId(page, `swap-${side}-token`).click()
  const dialog = page.locator('[role="dialog"][data-testid="token-selector"]')
  await dialog.waitFor()
  await dialog.locator('[data-testid="token-search"]').fill(token.symbol)
  await dialog
    .locator(`[data-testid="token-option"][data-address="${token.address.toLowerCase()}"]`)
    .first()
    .click()
  await dialog.waitFor({ state: 'hidden' })
}
