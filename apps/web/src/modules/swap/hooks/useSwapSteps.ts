import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { readSwapSteps, type SwapStepKind, type SwapStepsPlan } from '../services/swapSteps.ts'
import type { Quote, TradingNetwork } from '../services/tradingApi.ts'

/** One step of the review's list: what it is and its network cost in USD ('none' for a signature). */
export interface PlannedStep {
  readonly kind: SwapStepKind
  /** Undefined while unknown (a failed estimate); 'none' for a signature, which costs no gas. */
  readonly costUsd: number | 'none' | undefined
}

const NO_STEPS: SwapStepsPlan = { approval: null, permit: false }

/** The amount the router may take from the swapper for this quote. */
export function spendOf(quote: Quote): bigint {
  return BigInt(
    quote.tradeType === 'EXACT_INPUT' ? quote.amountIn : (quote.maximumAmountIn ?? quote.amountIn),
  )
}

export function swapStepsQuery(
  quote: Quote | undefined,
  account: string | null,
  network: TradingNetwork | undefined,
) {
  const token = quote?.tokenIn.address.toLowerCase()
  const needsChecks =
    quote !== undefined &&
    quote.routing === 'CLASSIC' &&
    token !== NATIVE_CURRENCY_ADDRESS &&
    account !== null
  return queryOptions({
    queryKey: [
      'swapSteps',
      quote?.network,
      account?.toLowerCase(),
      token,
      quote ? String(spendOf(quote)) : '',
    ],
    queryFn: ({ signal }) => {
      if (!quote || !account || !network || !needsChecks) return NO_STEPS
      return readSwapSteps(
        {
          chain: quote.network,
          owner: account,
          token: quote.tokenIn.address,
          spend: spendOf(quote),
          permit2: network.permit2,
          router: network.universalRouter,
          now: Math.floor(Date.now() / 1000),
        },
        { signal },
      )
    },
    enabled: quote !== undefined && (!needsChecks || network !== undefined),
    staleTime: 0,
    retry: 1,
  })
}

/**
 * The steps the swap of `quote` will take, for the review: the approval of Permit2 (with its gas
 * priced like the quote's), the Permit2 signature, then the swap itself (the quote's network cost).
 * `loading` until the chain has answered; `failed` when it could not (the review then lists the
 * swap alone, and the flow still asks for whatever the trading API requires).
 */
export function useSwapSteps(
  quote: Quote | undefined,
  account: string | null,
  network: TradingNetwork | undefined,
  costOf: (gas: bigint) => number | undefined,
  /** The spec's permit gate: the Permit2 allowance is a transaction (its cost not estimated here). */
  permitAsTransaction = false,
): { steps: readonly PlannedStep[]; loading: boolean; failed: boolean } {
  const plan = useQuery(swapStepsQuery(quote, account, network))
  const steps: PlannedStep[] = []
  if (plan.data?.approval)
    steps.push({
      kind: 'approve',
      costUsd: plan.data.approval.gas === undefined ? undefined : costOf(plan.data.approval.gas),
    })
  if (plan.data?.permit)
    steps.push(
      permitAsTransaction
        ? { kind: 'permitApprove', costUsd: undefined }
        : { kind: 'permit', costUsd: 'none' },
    )
  if (quote) steps.push({ kind: 'swap', costUsd: quote.gas.costUsd ?? undefined })
  return { steps, loading: plan.isPending && plan.fetchStatus !== 'idle', failed: plan.isError }
}
