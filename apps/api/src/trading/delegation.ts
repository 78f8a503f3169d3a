/**
 * The spec's delegation check: for each wallet and chain, where its EIP-7702 delegation points,
 * whether that is our delegate, and which delegate is the latest. Read from the chain (the code of
 * the account), per request: a delegation changes with one transaction.
 */
import { isEvmAddress } from '@oxbow/core'
import { delegateOf, simple7702AccountAbi } from '@oxbow/protocol'
import type { Hono } from 'hono'
import { type Address, encodeFunctionData, getAddress, type Hex } from 'viem'
import { z } from 'zod'
import { ApiError } from '../errors.ts'
import { jsonBody } from '../validation.ts'
import type { NetworkState } from './state.ts'

/** What the check needs of the trading service: its networks' states (chain clients, deployments). */
interface Networks {
  readonly states: ReadonlyMap<string, NetworkState>
}

/** The smart wallet's 'action required' hint, as the web app words it. */
export const UNKNOWN_DELEGATE_MESSAGE = 'Delegated to another contract'

/** Bounds of one request: the account drawer asks for one wallet on every network. */
export const DELEGATION_MAX_WALLETS = 10
export const DELEGATION_MAX_CHAINS = 32

const wallet = z
  .string()
  .max(64)
  .refine(isEvmAddress, 'not a 20-byte hex address')
  .transform((v) => getAddress(v))
const delegationSchema = z.strictObject({
  walletAddresses: z.array(wallet).min(1).max(DELEGATION_MAX_WALLETS),
  chainIds: z
    .array(
      z
        .number()
        .int()
        .positive()
        .max(2 ** 53),
    )
    .min(1)
    .max(DELEGATION_MAX_CHAINS),
})

export interface DelegationDetail {
  /** Where the account's code delegates now; null when it is not delegated. */
  readonly currentDelegationAddress: Address | null
  /** The account delegates to our delegate (the latest one). */
  readonly isWalletDelegatedToProvider: boolean
  /** The delegate the provider wants accounts on: Simple7702Account on this network. */
  readonly latestDelegationAddress: Address
}

export async function checkDelegation(
  service: Networks,
  walletAddresses: readonly Address[],
  chainIds: readonly number[],
): Promise<Record<Address, Record<string, DelegationDetail>>> {
  const states = chainIds.map((chainId) => {
    const state = [...service.states.values()].find((s) => s.deployment.chainId === chainId)
    if (!state) {
      throw new ApiError('UNSUPPORTED_NETWORK', 'Unsupported network', {
        chainId,
        supported: [...service.states.values()].map((s) => s.deployment.chainId),
      })
    }
    return state
  })
  const wallets = [...new Set(walletAddresses)]
  const details: Record<Address, Record<string, DelegationDetail>> = {}
  await Promise.all(
    wallets.flatMap((address) =>
      states.map(async (state) => {
        const code = await state.client.getCode({ address }).catch((cause: unknown) => {
          throw new ApiError('SERVICE_UNAVAILABLE', 'Network unavailable', undefined, { cause })
        })
        const current = delegateOf(code)
        const latest = state.deployment.contracts.simple7702Account
        const byChain = details[address] ?? {}
        details[address] = byChain
        byChain[String(state.deployment.chainId)] = {
          currentDelegationAddress: current,
          isWalletDelegatedToProvider: current === latest,
          latestDelegationAddress: latest,
        }
      }),
    ),
  )
  return details
}

export function delegationRoutes(app: Hono, service: Networks): void {
  app.post('/wallet/check_delegation', async (c) => {
    const body = await jsonBody(c, delegationSchema)
    return c.json({ delegationDetails: await checkDelegation(service, body.walletAddresses, body.chainIds) })
  })
}

/** One call of a batch: executed by the delegated account itself, in order, all or nothing. */
export interface Call {
  readonly target: Address
  readonly value: bigint
  readonly data: Hex
}

/** Gas of each approval that joins the swap in a batch (an ERC-20 approve, a Permit2 approve). */
const BATCHED_APPROVAL_GAS = 60_000

/**
 * Whether `account`'s code designates this network's delegate (read at the latest block), for a
 * batched swap. An account delegated to another contract is refused (typed 409, nothing built):
 * its calls would run through code we do not know, and the wallet would have to replace that
 * delegation (the smart wallet's 'action required').
 */
export async function isDelegated(state: NetworkState, account: Address): Promise<boolean> {
  const code = await state.client.getCode({ address: account }).catch((cause: unknown) => {
    throw new ApiError('SERVICE_UNAVAILABLE', 'Network unavailable', undefined, { cause })
  })
  const current = delegateOf(code)
  const latest = state.deployment.contracts.simple7702Account
  if (current !== null && current !== latest) {
    throw new ApiError('UNKNOWN_DELEGATE', UNKNOWN_DELEGATE_MESSAGE, {
      currentDelegationAddress: current,
      latestDelegationAddress: latest,
    })
  }
  return current === latest
}

/**
 * A batched swap: the calls for EIP-5792 `wallet_sendCalls` (the wallet runs them atomically, and
 * upgrades the account first if it must), and for an account already delegated to our delegate the
 * transaction that runs them through its executeBatch. Never that transaction for another account:
 * a call with data to a plain account succeeds doing nothing and costs the user gas.
 */
export function batchedSwap(
  swapper: Address,
  calls: readonly Call[],
  chainId: number,
  swapGasLimit: number,
  delegated: boolean,
) {
  const gasLimit = String(swapGasLimit + (calls.length - 1) * BATCHED_APPROVAL_GAS)
  return {
    batch: {
      chainId,
      gasLimit,
      calls: calls.map((call) => ({ to: call.target, data: call.data, value: call.value.toString() })),
    },
    ...(delegated
      ? {
          tx: {
            to: swapper,
            from: swapper,
            data: encodeFunctionData({
              abi: simple7702AccountAbi,
              functionName: 'executeBatch',
              args: [calls],
            }),
            // The account pays the calls' values from its own balance: the transaction carries none.
            value: '0',
            chainId,
            gasLimit,
          },
        }
      : {}),
  }
}
