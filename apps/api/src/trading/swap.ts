/** Swap transactions: deadline, ERC-20 approval and Permit2 allowance or signature, calldata. */
import type { SwapResponseBody } from '@oxbow/api-contract'
import type { NetworkSlug } from '@oxbow/chains'
import {
  erc20Abi,
  PERMIT2_ADDRESS,
  permit2Abi,
  permit2PermitInput,
  permitSingleTypedData,
  universalRouterAbi,
} from '@oxbow/protocol'
import {
  type Address,
  encodeFunctionData,
  getAddress,
  type Hex,
  maxUint160,
  maxUint256,
  verifyTypedData,
} from 'viem'
import { ApiError } from '../errors.ts'
import { batchedSwap, type Call, isDelegated } from './delegation.ts'
import { encodeRoute } from './encode.ts'
import { checkContractRecipient } from './parties.ts'
import type { Unpriced } from './quoteBody.ts'
import type { NetworkState } from './state.ts'
import type { QuoteRequest, SwapRequest, TokenInfo } from './types.ts'

const MAX_DEADLINE_SECONDS = 3 * 24 * 3600
const DEFAULT_DEADLINE_SECONDS = 30 * 60
/**
 * A Permit2 allowance is granted for 30 days and for the largest amount (Permit2 never spends
 * down an allowance of 2^160 - 1): one signature per token and 30 days, as Uniswap's app asks,
 * instead of one per swap (an exact-amount allowance is used up by the swap it was signed for).
 */
const PERMIT_EXPIRATION_SECONDS = 30 * 24 * 3600
const PERMIT_AMOUNT = maxUint160
const PERMIT_SIG_SECONDS = 30 * 60

/** What a swap reads from the trading service. */
export interface SwapDeps {
  stateOf(network: NetworkSlug): NetworkState
  tokenOf(network: NetworkSlug, address: Address): TokenInfo
  checkParties(network: NetworkSlug, swapper: Address | undefined, recipient: Address | undefined): void
  quote(req: QuoteRequest): Promise<Unpriced>
}

/** The approval transaction Permit2 needs to spend `amount` of `token` (null: none needed). */
export async function checkApproval(state: NetworkState, info: TokenInfo, wallet: Address, amount: bigint) {
  if (info.native) return { approval: null }
  const allowance = await state.client.readContract({
    address: info.address,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [wallet, PERMIT2_ADDRESS],
  })
  if (allowance >= amount) return { approval: null }
  return {
    approval: {
      to: info.address,
      from: wallet,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [PERMIT2_ADDRESS, maxUint256],
      }),
      value: '0',
      chainId: state.deployment.chainId,
    },
  }
}

export async function swap(service: SwapDeps, req: SwapRequest) {
  const state = service.stateOf(req.network)
  service.checkParties(req.network, req.swapper, req.recipient)
  if (req.recipient !== undefined) await checkContractRecipient(state.client, req.recipient)
  // the next block's time: anvil stamps it with the wall clock unless the chain is ahead of it
  const now = Math.max(Number(state.blockTimestamp), Math.floor(Date.now() / 1000))
  const deadline = req.deadline ?? now + DEFAULT_DEADLINE_SECONDS
  if (deadline <= now) {
    throw new ApiError('INVALID_INPUT', 'Invalid request body', [
      { path: 'deadline', message: 'deadline has passed' },
    ])
  }
  if (deadline > now + MAX_DEADLINE_SECONDS) {
    throw new ApiError('INVALID_INPUT', 'Invalid request body', [
      { path: 'deadline', message: 'deadline is more than 3 days away' },
    ])
  }
  // Before quoting: an account delegated to another contract gets no batch (typed 409).
  const delegated = req.batch ? await isDelegated(state, req.swapper) : false
  const q = await service.quote(req)
  const { route, body, maximumAmountIn } = q
  const ur = state.deployment.contracts.universalRouter
  const tokenIn = service.tokenOf(req.network, req.tokenIn)
  const spend = req.type === 'EXACT_INPUT' ? route.amountIn : maximumAmountIn
  let permit: Hex | undefined
  /** Batched swaps: the approvals that precede the swap in the same transaction. */
  const calls: Call[] = []
  if (!tokenIn.native) {
    const { approval } = await checkApproval(state, tokenIn, req.swapper, spend)
    if (approval && req.batch) calls.push({ target: approval.to, value: 0n, data: approval.data })
    else if (approval) return { status: 'APPROVAL_REQUIRED' as const, approval, quote: body }
    const [amount, expiration, nonce] = await state.client.readContract({
      address: PERMIT2_ADDRESS,
      abi: permit2Abi,
      functionName: 'allowance',
      args: [req.swapper, tokenIn.address, ur],
    })
    // the allowance must outlive the deadline: Permit2 refuses an expired one at execution
    const covered = amount >= spend && expiration >= deadline
    const permit2Approve = encodeFunctionData({
      abi: permit2Abi,
      functionName: 'approve',
      args: [tokenIn.address, ur, PERMIT_AMOUNT, now + PERMIT_EXPIRATION_SECONDS],
    })
    if (!covered && req.batch) {
      calls.push({ target: PERMIT2_ADDRESS, value: 0n, data: permit2Approve })
    } else if (!covered && req.permitAsTransaction) {
      // The spec's gate says no permit signature: the same allowance as a Permit2.approve transaction.
      return {
        status: 'APPROVAL_REQUIRED' as const,
        approval: {
          to: PERMIT2_ADDRESS,
          from: req.swapper,
          data: permit2Approve,
          value: '0',
          chainId: state.deployment.chainId,
        },
        quote: body,
      }
    } else if (!covered) {
      const message = {
        details: {
          token: tokenIn.address,
          amount: PERMIT_AMOUNT.toString(),
          expiration: now + PERMIT_EXPIRATION_SECONDS,
          nonce,
        },
        spender: ur,
        sigDeadline: String(now + PERMIT_SIG_SECONDS),
      }
      if (!req.permit) {
        return {
          status: 'SIGNATURE_REQUIRED' as const,
          permitData: permitSingleTypedData(state.deployment.chainId, message),
          quote: body,
        }
      }
      const m = req.permit.message
      const typed = {
        details: {
          token: getAddress(m.details.token),
          amount: BigInt(m.details.amount),
          expiration: m.details.expiration,
          nonce: m.details.nonce,
        },
        spender: getAddress(m.spender),
        sigDeadline: BigInt(m.sigDeadline),
      }
      const problems: { path: string; message: string }[] = []
      if (typed.details.token !== tokenIn.address)
        problems.push({ path: 'permit.message.details.token', message: 'not tokenIn' })
      if (typed.spender !== ur)
        problems.push({ path: 'permit.message.spender', message: 'not the Universal Router' })
      if (typed.details.amount < spend || typed.details.amount > maxUint160)
        problems.push({ path: 'permit.message.details.amount', message: `must cover ${spend}` })
      if (typed.details.nonce !== nonce)
        problems.push({ path: 'permit.message.details.nonce', message: `current nonce is ${nonce}` })
      if (typed.sigDeadline <= BigInt(now))
        problems.push({ path: 'permit.message.sigDeadline', message: 'has passed' })
      if (problems.length === 0) {
        const valid = await verifyTypedData({
          address: req.swapper,
          ...permitSingleTypedData(state.deployment.chainId, typed),
          signature: req.permit.signature,
        }).catch(() => false)
        if (!valid)
          problems.push({ path: 'permit.signature', message: 'not signed by swapper for this permit' })
      }
      if (problems.length > 0) throw new ApiError('INVALID_INPUT', 'Invalid Permit2 signature data', problems)
      permit = permit2PermitInput(typed, req.permit.signature)
    }
  }
  const encoded = encodeRoute({
    route,
    recipient: req.recipient ?? req.swapper,
    swapper: req.swapper,
    slippageBps: q.slippageBps,
    ...(permit ? { permitInput: permit } : {}),
  })
  const data = encodeFunctionData({
    abi: universalRouterAbi,
    functionName: 'execute',
    args: [encoded.commands, encoded.inputs, BigInt(deadline)],
  })
  const gasLimit = Math.ceil(body.gas.estimate * 1.5) + 100_000
  if (req.batch) {
    calls.push({ target: ur, value: encoded.value, data })
    return {
      status: 'READY' as const,
      ...batchedSwap(req.swapper, calls, state.deployment.chainId, gasLimit, delegated),
      deadline,
      quote: body,
    }
  }
  return {
    status: 'READY' as const,
    tx: {
      to: ur,
      from: req.swapper,
      data,
      value: encoded.value.toString(),
      chainId: state.deployment.chainId,
      gasLimit: String(gasLimit),
    },
    deadline,
    quote: body,
  } satisfies SwapResponseBody
}
