/**
 * Order intake: a signed UniswapX order is parsed with the SDK and accepted only when the reactor
 * would settle it: our reactor on a limit-order network, a valid swapper signature over the Permit2
 * witness, an unused nonce, a deadline ahead, sane amounts of listed tokens, and a swapper who holds
 * the input and allowed Permit2 to move it. Everything else is a typed 4xx and nothing is stored.
 */
import { getNetwork } from '@oxbow/chains'
import { MAX_OPEN_LIMIT_ORDERS } from '@oxbow/core'
import type { Manifest, NetworkDeployment } from '@oxbow/protocol'
import {
  type Address,
  createPublicClient,
  getAddress,
  type Hex,
  http,
  isAddressEqual,
  type PublicClient,
  zeroAddress,
} from 'viem'
import { ApiError } from '../errors.ts'
import { noScreening, type Screening } from '../screening/index.ts'
import { type ChainReads, createChainReads } from './chainReads.ts'
import { MAX_GASLESS_DECAY_SECONDS, MAX_GASLESS_LIFETIME_SECONDS } from './gasless.ts'
import { type CheckedOrder, checkOrder, type OrderToCheck } from './orderCheck.ts'
import { nodeRpcTransport } from './rpcTransport.ts'
import type { OrderDecay, OrderStore, StoredOrder } from './store.ts'

/** Amounts above this are no token amount anyone holds; refusing them keeps price math exact. */
export const MAX_ORDER_AMOUNT = 2n ** 128n - 1n
/** The longest expiry the limit screen offers is one year; a little slack for clocks. */
export const MAX_ORDER_LIFETIME_SECONDS = 366 * 86_400
/** An order must have at least this long left, or it would expire before any fill lands. */
export const MIN_ORDER_REMAINING_SECONDS = 10

export interface SubmitOrder {
  readonly chainId: number
  readonly encodedOrder: Hex
  readonly signature: Hex
}

export interface OrderNetwork {
  readonly deployment: NetworkDeployment
  readonly client: PublicClient
  /** The intake's chain reads, per block (chainReads.ts). */
  readonly reads: ChainReads
  /** The registry's capabilities: limit orders, gasless swaps (decaying orders) or both. */
  readonly limitOrders: boolean
  readonly gaslessSwaps: boolean
}

function invalid(message: string, path: string): ApiError {
  return new ApiError('INVALID_ORDER', message, [{ path, message }])
}

export class OrderService {
  readonly networks = new Map<number, OrderNetwork>()

  constructor(
    manifest: Manifest,
    readonly store: OrderStore,
    readonly now: () => number = () => Math.floor(Date.now() / 1000),
    /** Refuses an order whose swapper is blocked (403 ADDRESS_BLOCKED). */
    private readonly screening: Screening = noScreening,
    /** Parses an order and recovers its signer (the module's order thread; default in this thread). */
    private readonly check: (input: OrderToCheck) => Promise<CheckedOrder> = checkOrder,
  ) {
    for (const deployment of Object.values(manifest.networks)) {
      if (!deployment) continue
      const { limitOrders, gaslessSwaps } = getNetwork(deployment.slug).capabilities
      if (!limitOrders && !gaslessSwaps) continue
      const client = createPublicClient({
        transport: http(deployment.rpcUrl, { batch: { batchSize: 100, wait: 0 }, retryCount: 1 }),
      }) as PublicClient
      // the intake's reads go over node's HTTP client, not fetch (rpcTransport.ts)
      const readsClient = createPublicClient({
        transport: nodeRpcTransport(deployment.rpcUrl),
      }) as PublicClient
      const reads = createChainReads(readsClient, deployment.contracts.permit2)
      this.networks.set(deployment.chainId, { deployment, client, reads, limitOrders, gaslessSwaps })
    }
  }

  network(chainId: number): OrderNetwork {
    const network = this.networks.get(chainId)
    if (!network) {
      throw new ApiError('UNSUPPORTED_NETWORK', 'Unsupported network', [
        { path: 'chainId', message: 'orders are not offered on this network' },
      ])
    }
    return network
  }

  /** Validates a signed order completely, then stores it. */
  /** 403 ADDRESS_BLOCKED when one of these addresses is blocked. */
  screen(fields: Readonly<Record<string, Address | undefined>>): Promise<void> {
    return this.screening.refuseBlocked(fields)
  }

  async submit(body: SubmitOrder): Promise<{ order: StoredOrder; openOrders: number }> {
    // The deadline is judged at arrival: a busy or starting order thread must not refuse an
    // order that had its time left when it was submitted.
    const now = this.now()
    const network = this.network(body.chainId)
    const { deployment } = network
    const permit2 = deployment.contracts.permit2
    // parsed, hashed and its signer recovered off the main thread (orderThread.ts)
    const checked = await this.check({
      encodedOrder: body.encodedOrder,
      chainId: body.chainId,
      permit2,
      signature: body.signature,
    })
    if (!checked.ok) throw invalid('Not an encoded UniswapX Dutch order', 'encodedOrder')
    const info = checked.order
    const reactor = getAddress(info.reactor)
    if (!isAddressEqual(reactor, deployment.contracts.exclusiveDutchOrderReactor)) {
      throw invalid("The order names another reactor than this network's", 'reactor')
    }
    if (!isAddressEqual(getAddress(info.additionalValidationContract), zeroAddress)) {
      throw invalid('Orders with an additional validation contract are not accepted', 'additionalValidation')
    }
    if (!isAddressEqual(getAddress(info.exclusiveFiller), zeroAddress)) {
      throw invalid('Orders have no exclusive filler', 'exclusiveFiller')
    }
    const swapper = getAddress(info.swapper)
    await this.screening.refuseBlocked({ swapper })
    const inputAmount = BigInt(info.input.startAmount.toString())
    if (inputAmount !== BigInt(info.input.endAmount.toString())) {
      throw invalid('The input does not decay: its start and end amounts differ', 'input')
    }
    const [output, ...others] = info.outputs
    if (!output || others.length > 0) throw invalid('An order has exactly one output', 'outputs')
    // the least the swapper receives: a limit order's price, a gasless order's slippage floor
    const outputAmount = BigInt(output.endAmount.toString())
    const outputStartAmount = BigInt(output.startAmount.toString())
    if (!isAddressEqual(getAddress(output.recipient), swapper)) {
      throw invalid('The output must go to the swapper', 'outputs.0.recipient')
    }
    for (const [path, amount] of [
      ['input.amount', inputAmount],
      ['outputs.0.amount', outputAmount],
      ['outputs.0.startAmount', outputStartAmount],
    ] as const) {
      if (amount <= 0n || amount > MAX_ORDER_AMOUNT) throw invalid('Amount out of range', path)
    }
    // A limit order keeps its price; a gasless swap's order decays (the output falls from its
    // start to the floor between the decay times), only where gasless swaps are offered.
    let decay: OrderDecay | null = null
    if (outputStartAmount === outputAmount) {
      if (!network.limitOrders) {
        throw new ApiError('UNSUPPORTED_NETWORK', 'Unsupported network', [
          { path: 'chainId', message: 'limit orders are not offered on this network' },
        ])
      }
    } else {
      if (!network.gaslessSwaps) {
        throw new ApiError('UNSUPPORTED_NETWORK', 'Unsupported network', [
          { path: 'chainId', message: 'gasless swaps are not offered on this network' },
        ])
      }
      if (outputStartAmount < outputAmount)
        throw invalid('The output may only decay downwards', 'outputs.0.startAmount')
      const startTime = info.decayStartTime
      const endTime = info.decayEndTime
      if (!(startTime < endTime) || endTime - startTime > MAX_GASLESS_DECAY_SECONDS)
        throw invalid(`The decay must last 1 to ${MAX_GASLESS_DECAY_SECONDS} s`, 'decayEndTime')
      if (endTime > info.deadline) throw invalid('The decay must end by the deadline', 'decayEndTime')
      if (info.deadline > now + MAX_GASLESS_LIFETIME_SECONDS)
        throw invalid('A gasless order expires within minutes', 'deadline')
      decay = { outputStartAmount, startTime, endTime }
    }
    const inputToken = this.listedToken(deployment, info.input.token, 'input.token')
    const outputToken = this.listedToken(deployment, output.token, 'outputs.0.token')
    if (isAddressEqual(inputToken, outputToken))
      throw invalid('Input and output are the same token', 'outputs.0.token')

    if (info.deadline < now + MIN_ORDER_REMAINING_SECONDS) {
      throw new ApiError('ORDER_EXPIRED', 'Order expired', [
        { path: 'deadline', message: 'the deadline has passed' },
      ])
    }
    if (info.deadline > now + MAX_ORDER_LIFETIME_SECONDS)
      throw invalid('The expiry is too far ahead', 'deadline')

    const { orderHash, signer } = checked
    if (signer === null) {
      throw new ApiError('INVALID_ORDER_SIGNATURE', 'Invalid signature', [
        { path: 'signature', message: 'not a signature' },
      ])
    }
    if (!isAddressEqual(signer, swapper)) {
      throw new ApiError('INVALID_ORDER_SIGNATURE', 'Invalid signature', [
        { path: 'signature', message: 'not signed by the swapper for this order and network' },
      ])
    }

    const nonce = BigInt(info.nonce.toString())
    const { bitmap, balance, allowance } = await network.reads.read(swapper, inputToken, nonce)
    if ((bitmap >> (nonce & 0xffn)) & 1n) {
      throw new ApiError('NONCE_USED', 'This order was already filled or canceled', [
        { path: 'nonce', message: 'the Permit2 nonce is used' },
      ])
    }
    if (balance < inputAmount) {
      throw new ApiError('INSUFFICIENT_BALANCE', 'Insufficient balance', [
        { path: 'input.amount', message: `the swapper holds ${balance}` },
      ])
    }
    if (allowance < inputAmount) {
      throw new ApiError('INSUFFICIENT_ALLOWANCE', 'Approve Permit2 to spend the token first', [
        { path: 'input.token', message: `Permit2 may spend ${allowance}` },
      ])
    }

    const stored = {
      orderHash,
      chainId: body.chainId,
      swapper,
      reactor,
      nonce,
      deadline: info.deadline,
      inputToken,
      inputAmount,
      outputToken,
      outputAmount,
      encodedOrder: body.encodedOrder,
      signature: body.signature,
      decay,
    }
    const result = await this.store.insert(stored)
    if (!result.ok) {
      if (result.reason === 'too-many-open') {
        throw new ApiError('TOO_MANY_OPEN_ORDERS', `At most ${MAX_OPEN_LIMIT_ORDERS} open limit orders`, {
          openOrders: result.openOrders,
        })
      }
      throw new ApiError('NONCE_USED', 'This order or its nonce was already submitted', [
        { path: 'nonce', message: 'an order with this nonce exists' },
      ])
    }
    return { order: result.order, openOrders: result.openOrders }
  }

  private listedToken(deployment: NetworkDeployment, value: string, path: string): Address {
    const token = deployment.tokens.find((t) => isAddressEqual(t.address, getAddress(value)))
    if (!token) {
      throw new ApiError('UNSUPPORTED_TOKEN', 'Unsupported token', [
        { path, message: 'not a listed token of this network' },
      ])
    }
    if (token.transferFeeBps > 0 || token.kind === 'honeypot') {
      throw new ApiError('UNSUPPORTED_TOKEN', 'Unsupported token', [
        { path, message: `${token.symbol} cannot be filled (${token.kind})` },
      ])
    }
    return token.address
  }
}
