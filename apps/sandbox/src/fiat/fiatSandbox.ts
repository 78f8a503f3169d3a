/**
 * The fiat provider sandboxes: three on/off-ramp providers and one exchange on one HTTP server,
 * each under its own path (`/beacon/…`, `/orbit/…`, `/tidal/…`, `/coinbridge/…`), with the shape of
 * the real services:
 * - `GET /<p>/v1/config?apiKey=` countries, currencies, crypto per network, limits
 * - `GET /<p>/v1/quote?apiKey=&side=&country=&fiat=&crypto=&network=&amount=` a priced quote or a typed 400
 * - `GET /<p>/checkout?…&signature=` the hosted checkout (signed widget URL), `POST` pays with a card
 * - `POST /<p>/v1/transactions/ext/<externalOrderId>/deposit` (secret key) a sell's deposit transaction
 * - `GET /<p>/v1/transactions/ext/<externalOrderId>` (secret key) the transaction's state
 * - webhooks `POST <webhookBase>/<p>` on every status change, signed `t=…,v1=…` with the webhook secret
 * - `GET /dashboard/credentials` the keys a merchant copies from the dashboard (local only)
 * Settling a buy pays crypto from the devnet treasury; a sell's crypto must arrive on chain first.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type SandboxQuote, verifySignedUrl } from '@oxbow/api-contract/fiat-sandbox'
import { isAddress, isHash } from 'viem'
import { DECLINED_CARD, exchangeProvider, type RampProvider, rampProviders } from './catalog.ts'
import { type Credentials, createOrderBook, type Transaction } from './orders.ts'
import { checkoutPage, exchangePage, messagePage } from './pages.ts'
import { priceQuote, QuoteError, toUnits } from './quote.ts'
import type { CryptoAsset, Treasury } from './treasury.ts'

export interface FiatSandboxOptions {
  readonly host?: string
  readonly port?: number
  readonly treasury: Treasury
  /** Webhooks go to `${webhookBase}/${providerId}`. */
  readonly webhookBase: string
  readonly log?: (line: string) => void
}

export interface FiatSandbox {
  readonly url: string
  readonly credentials: Readonly<Record<string, Credentials>>
  close(): Promise<void>
}

function newCredentials(id: string): Credentials {
  return {
    apiKey: `pk_test_${id}_${randomBytes(12).toString('hex')}`,
    secretKey: `sk_test_${randomBytes(24).toString('hex')}`,
    webhookSecret: `whsec_${randomBytes(24).toString('hex')}`,
  }
}

const sameSecret = (given: string | undefined, expected: string) =>
  given !== undefined &&
  given.length === expected.length &&
  timingSafeEqual(Buffer.from(given), Buffer.from(expected))

async function readBody(req: IncomingMessage, limit = 16 * 1024): Promise<string> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw new QuoteError('too_large', 'body too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export async function createFiatSandbox(options: FiatSandboxOptions): Promise<FiatSandbox> {
  const { treasury } = options
  const log = options.log ?? (() => {})
  const credentials: Record<string, Credentials> = {}
  for (const p of rampProviders) credentials[p.id] = newCredentials(p.id)
  credentials[exchangeProvider.id] = newCredentials(exchangeProvider.id)
  const { transactions, usedDeposits, key, setStatus, payOut } = createOrderBook({
    treasury,
    credentials,
    webhookBase: options.webhookBase,
    log,
  })

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const html = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:",
    })
    res.end(body)
  }

  /** A quote's parameters as the provider API and the checkout link carry them. */
  function quoteParams(url: URL) {
    const q = (name: string) => url.searchParams.get(name) ?? ''
    return {
      side: q('side'),
      country: q('country'),
      fiat: q('fiatCurrency'),
      crypto: q('crypto'),
      network: q('network'),
      amount: q('fiatAmount'),
    }
  }

  function checkoutParams(url: URL) {
    const q = (name: string) => url.searchParams.get(name) ?? ''
    return {
      apiKey: q('apiKey'),
      ...quoteParams(url),
      walletAddress: q('walletAddress'),
      externalOrderId: q('externalOrderId'),
      redirectUrl: q('redirectUrl'),
    }
  }

  /**
   * A widget page's request: opened by GET with the signed query, or posted back by its form with
   * that query in the `widget` field; `target` is the signed URL either way.
   */
  async function widgetRequest(
    req: IncomingMessage,
    url: URL,
  ): Promise<{ target: URL; form: URLSearchParams | null }> {
    if (req.method !== 'POST') return { target: url, form: null }
    const form = new URLSearchParams(await readBody(req))
    return { target: new URL(`${url.pathname}${form.get('widget') ?? ''}`, url), form }
  }

  /** A new transaction, pending with nothing on chain yet, filed under its provider and order id. */
  function openTransaction(
    fields: Pick<
      Transaction,
      'provider' | 'side' | 'externalOrderId' | 'walletAddress' | 'asset' | 'cryptoAmount'
    >,
  ): Transaction {
    const tx: Transaction = {
      id: randomUUID(),
      ...fields,
      status: 'pending',
      txHash: null,
      depositTxHash: null,
      failureReason: null,
    }
    transactions.set(key(fields.provider, fields.externalOrderId), tx)
    return tx
  }

  /** The widget's last page: back to the app when it gave a redirect, else `page`. */
  function done(res: ServerResponse, redirect: string | undefined, page: string) {
    if (redirect) {
      res.writeHead(303, { location: redirect })
      return res.end()
    }
    return html(res, 200, page)
  }

  async function handleCheckout(req: IncomingMessage, res: ServerResponse, provider: RampProvider, url: URL) {
    const creds = credentials[provider.id] as Credentials
    const { target, form } = await widgetRequest(req, url)
    const params = checkoutParams(target)
    if (params.apiKey !== creds.apiKey || !verifySignedUrl(creds.secretKey, target))
      return html(res, 403, messagePage('Invalid link', 'This checkout link is not signed correctly.'))
    if (!isAddress(params.walletAddress) || !/^[\w-]{8,64}$/.test(params.externalOrderId))
      return html(res, 400, messagePage('Invalid link', 'This checkout link is incomplete.'))
    const redirect = /^https?:\/\//.test(params.redirectUrl) ? params.redirectUrl : undefined
    let quote: SandboxQuote
    try {
      quote = priceQuote(provider, treasury, params)
    } catch (error) {
      const message = error instanceof QuoteError ? error.message : 'Unavailable'
      return html(res, 400, messagePage('Unavailable', message, redirect))
    }
    const existing = transactions.get(key(provider.id, params.externalOrderId))
    if (existing && existing.status !== 'failed')
      return html(res, 409, messagePage('Already paid', 'This order has already been paid.', redirect))
    const summary =
      quote.side === 'buy'
        ? `Buy ${quote.crypto} on ${quote.network} for ${quote.fiatAmount} ${quote.fiatCurrency} (fees ${quote.feeAmount} + ${quote.networkFeeAmount})`
        : `Sell ${quote.crypto} on ${quote.network} for ${quote.totalFiat} ${quote.fiatCurrency} after fees`
    if (!form) {
      return html(
        res,
        200,
        checkoutPage({ provider: provider.name, side: quote.side, summary, hidden: { widget: url.search } }),
      )
    }
    const card = (form.get('card') ?? '').replace(/\s+/g, '')
    if (!/^\d{12,19}$/.test(card))
      return html(
        res,
        400,
        checkoutPage({
          provider: provider.name,
          side: quote.side,
          summary,
          hidden: { widget: target.search },
          error: 'Enter a valid card number.',
        }),
      )
    const asset = treasury.asset(quote.crypto, quote.network) as CryptoAsset
    const tx = openTransaction({
      provider: provider.id,
      side: quote.side,
      externalOrderId: params.externalOrderId,
      walletAddress: params.walletAddress,
      asset,
      cryptoAmount: BigInt(quote.cryptoAmount),
    })
    if (card === DECLINED_CARD) {
      tx.failureReason = 'card_declined'
      void setStatus(tx, 'failed')
      return html(res, 402, messagePage('Payment declined', 'Your card was declined.', redirect))
    }
    if (quote.side === 'buy') {
      void setStatus(tx, 'pending')
      void payOut(tx)
    } else {
      void setStatus(tx, 'waitingForDeposit')
    }
    return done(res, redirect, messagePage('Thank you', 'Your order is being processed.'))
  }

  async function handleDeposit(
    req: IncomingMessage,
    res: ServerResponse,
    provider: string,
    externalId: string,
  ) {
    const tx = transactions.get(key(provider, externalId))
    if (!tx) return json(res, 404, { error: { code: 'not_found', message: 'No such transaction' } })
    let body: { txHash?: unknown }
    try {
      body = JSON.parse(await readBody(req)) as { txHash?: unknown }
    } catch {
      return json(res, 400, { error: { code: 'invalid_json', message: 'Body is not JSON' } })
    }
    const hash = body.txHash
    if (typeof hash !== 'string' || !isHash(hash))
      return json(res, 400, { error: { code: 'invalid_tx_hash', message: 'txHash is a transaction hash' } })
    if (tx.side !== 'sell' || tx.status !== 'waitingForDeposit')
      return json(res, 409, { error: { code: 'invalid_state', message: `Transaction is ${tx.status}` } })
    if (usedDeposits.has(hash.toLowerCase()))
      return json(res, 409, { error: { code: 'deposit_used', message: 'This deposit was already used' } })
    const ok = await treasury.verifyDeposit(tx.asset, hash, tx.walletAddress, tx.cryptoAmount)
    if (!ok)
      return json(res, 400, {
        error: { code: 'deposit_not_found', message: 'The deposit did not arrive on chain' },
      })
    if (tx.status !== 'waitingForDeposit' || usedDeposits.has(hash.toLowerCase()))
      return json(res, 409, { error: { code: 'invalid_state', message: `Transaction is ${tx.status}` } })
    usedDeposits.add(hash.toLowerCase())
    tx.depositTxHash = hash
    tx.txHash = hash
    void setStatus(tx, 'pending').then(() => setStatus(tx, 'completed'))
    return json(res, 202, { id: tx.id, status: 'pending' })
  }

  async function handleExchange(req: IncomingMessage, res: ServerResponse, url: URL) {
    const creds = credentials[exchangeProvider.id] as Credentials
    const { target, form } = await widgetRequest(req, url)
    const q = (name: string) => target.searchParams.get(name) ?? ''
    if (q('apiKey') !== creds.apiKey || !verifySignedUrl(creds.secretKey, target))
      return html(res, 403, messagePage('Invalid link', 'This link is not signed correctly.'))
    const walletAddress = q('walletAddress')
    const network = q('network')
    const externalOrderId = q('externalOrderId')
    const redirect = /^https?:\/\//.test(q('redirectUrl')) ? q('redirectUrl') : undefined
    const assets = treasury.assets().filter((a) => a.network === network)
    if (!isAddress(walletAddress) || assets.length === 0 || !/^[\w-]{8,64}$/.test(externalOrderId))
      return html(res, 400, messagePage('Invalid link', 'This link is incomplete.'))
    if (!form) {
      return html(
        res,
        200,
        exchangePage({
          exchange: exchangeProvider.name,
          address: walletAddress,
          assets: assets.map((a) => ({ value: a.symbol, label: `${a.symbol} (${a.network})` })),
          hidden: { widget: url.search },
        }),
      )
    }
    const asset = assets.find((a) => a.symbol === form.get('asset'))
    const amount = form.get('amount') ?? ''
    if (!asset || !/^\d{1,9}(\.\d{1,6})?$/.test(amount) || Number(amount) <= 0)
      return html(res, 400, messagePage('Invalid amount', 'Enter an amount to withdraw.', redirect))
    if (transactions.has(key(exchangeProvider.id, externalOrderId)))
      return html(res, 409, messagePage('Already sent', 'This withdrawal was already sent.', redirect))
    const tx = openTransaction({
      provider: exchangeProvider.id,
      side: 'transfer',
      externalOrderId,
      walletAddress,
      asset,
      cryptoAmount: toUnits(Number(amount), asset.decimals),
    })
    void setStatus(tx, 'pending')
    void payOut(tx)
    return done(res, redirect, messagePage('Sent', 'Your withdrawal is on its way.'))
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://sandbox')
      const [, first, ...rest] = url.pathname.split('/')
      const path = rest.join('/')
      if (first === 'dashboard' && path === 'credentials' && req.method === 'GET')
        return json(res, 200, { providers: credentials })
      if (first === exchangeProvider.id) {
        if (path === 'v1/config')
          return json(res, 200, {
            id: exchangeProvider.id,
            name: exchangeProvider.name,
            etaSeconds: exchangeProvider.etaSeconds,
            assets: treasury.assets().map((a) => ({ symbol: a.symbol, network: a.network })),
          })
        if (path === 'connect' && (req.method === 'GET' || req.method === 'POST'))
          return await handleExchange(req, res, url)
        return json(res, 404, { error: { code: 'not_found', message: 'No such endpoint' } })
      }
      const provider = rampProviders.find((p) => p.id === first)
      if (!provider) return json(res, 404, { error: { code: 'not_found', message: 'No such provider' } })
      const creds = credentials[provider.id] as Credentials
      if (path === 'checkout' && (req.method === 'GET' || req.method === 'POST'))
        return await handleCheckout(req, res, provider, url)
      if (path === 'v1/config' || path === 'v1/quote') {
        if (url.searchParams.get('apiKey') !== creds.apiKey)
          return json(res, 401, { error: { code: 'unauthorized', message: 'Unknown apiKey' } })
        if (path === 'v1/config')
          return json(res, 200, {
            id: provider.id,
            name: provider.name,
            sides: provider.sides,
            countries: provider.countries,
            minAmountUsd: provider.minAmount,
            maxAmountUsd: provider.maxAmount,
            etaSeconds: provider.etaSeconds,
            cryptos: treasury.assets().map((a) => ({ symbol: a.symbol, network: a.network })),
          })
        try {
          const quote = priceQuote(provider, treasury, quoteParams(url))
          return json(res, 200, quote)
        } catch (error) {
          if (error instanceof QuoteError)
            return json(res, 400, { error: { code: error.code, message: error.message, ...error.details } })
          throw error
        }
      }
      const ext = /^v1\/transactions\/ext\/([\w-]{8,64})(\/deposit)?$/.exec(path)
      if (ext?.[1]) {
        const auth = req.headers.authorization?.replace(/^Api-Key /, '')
        if (!sameSecret(auth, creds.secretKey))
          return json(res, 401, { error: { code: 'unauthorized', message: 'Invalid secret key' } })
        if (ext[2] && req.method === 'POST') return await handleDeposit(req, res, provider.id, ext[1])
        const tx = transactions.get(key(provider.id, ext[1]))
        if (!tx) return json(res, 404, { error: { code: 'not_found', message: 'No such transaction' } })
        return json(res, 200, { id: tx.id, status: tx.status, txHash: tx.txHash })
      }
      return json(res, 404, { error: { code: 'not_found', message: 'No such endpoint' } })
    } catch (error) {
      log(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
      if (!res.headersSent) json(res, 500, { error: { code: 'internal', message: 'Sandbox error' } })
      else res.end()
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8791, options.host ?? '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    credentials,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
