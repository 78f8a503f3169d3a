import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import {
  addPendingTransaction,
  type Hex,
  loadWalletRuntime,
  resolvePendingTransaction,
} from '../../wallet/index.ts'
import type { SwapFlowRequest, SwapFlowState } from '../services/swapFlow.ts'
import { type StepState, type SwapStepKind, stepOfFlow, stepStates, withStep } from '../services/swapSteps.ts'
import { fetchSwap } from '../services/tradingApi.ts'
import { invalidateBalances } from './useBalances.ts'

export interface SwapExecution {
  /** Null before the first run and after the status is closed (a closed run goes on in the background). */
  readonly state: SwapFlowState | null
  readonly running: boolean
  /** The network and kind of the current (or last) run, and whether it was one atomic batch. */
  readonly run: Pick<SwapFlowRequest, 'network' | 'kind' | 'batch'> | null
  /** The steps of the run (those the review listed, plus any the flow met) and where it is. */
  readonly steps: readonly { readonly kind: SwapStepKind; readonly state: StepState }[]
  /** `planned`: the steps the review listed, in order (the swap last). */
  readonly start: (
    request: SwapFlowRequest,
    planned: readonly SwapStepKind[],
    onConfirmed?: () => void,
  ) => void
  readonly close: () => void
  /** After a failed batch: the same swap again as a standard swap (separate approval and signature). */
  readonly retryWithoutBatch: () => void
}

/**
 * Runs the swap flow with the real dependencies (trading API, wallet runtime, pending-transaction
 * store), exposes its state to the status view, refreshes balances once it is confirmed.
 */
export function useSwapExecution(): SwapExecution {
  const queryClient = useQueryClient()
  const [state, setState] = useState<SwapFlowState | null>(null)
  const [hidden, setHidden] = useState(false)
  const running = useRef(false)
  const [isRunning, setRunning] = useState(false)
  const [run, setRun] = useState<Pick<SwapFlowRequest, 'network' | 'kind' | 'batch'> | null>(null)
  const last = useRef<{ request: SwapFlowRequest; onConfirmed: (() => void) | undefined } | null>(null)
  const [progress, setProgress] = useState<{ kinds: SwapStepKind[]; active: SwapStepKind }>({
    kinds: ['swap'],
    active: 'swap',
  })

  const start = useCallback(
    (request: SwapFlowRequest, planned: readonly SwapStepKind[], onConfirmed?: () => void) => {
      if (running.current) return
      running.current = true
      setRunning(true)
      setHidden(false)
      last.current = { request, onConfirmed }
      setRun({ network: request.network, kind: request.kind, batch: request.batch === true })
      const kinds = withStep(planned, 'swap')
      setProgress({ kinds, active: kinds[0] ?? 'swap' })
      setState({ step: 'submitting' })
      const onState = (next: SwapFlowState) => {
        setState(next)
        if (next.step === 'confirmed' || next.step === 'failed') return
        const active = stepOfFlow(next.step, next.step === 'approving' && next.permit2 === true)
        setProgress((current) => ({ kinds: withStep(current.kinds, active), active }))
      }
      const account: Hex = request.swapper
      // The flow (and the wallet layer) load when the first swap starts: not in the initial bundle.
      void Promise.all([loadWalletRuntime(), import('../services/swapFlow.ts')])
        .then(([wallet, { runSwapFlow }]) =>
          runSwapFlow(
            request,
            {
              fetchSwap: (params) => fetchSwap(params),
              wallet,
              now: () => Date.now(),
              onSubmitted: (tx) => addPendingTransaction(account, { ...tx, addedAt: Date.now() }),
              onMined: (hash, status) => resolvePendingTransaction(account, hash, status),
            },
            onState,
          ),
        )
        .then(
          (final) => {
            if (final.step === 'confirmed') {
              void invalidateBalances(queryClient)
              onConfirmed?.()
            }
          },
          (error: unknown) =>
            setState({
              step: 'failed',
              reason: 'generic',
              detail: error instanceof Error ? error.message : '',
            }),
        )
        .finally(() => {
          running.current = false
          setRunning(false)
        })
    },
    [queryClient],
  )

  const close = useCallback(() => {
    if (running.current) setHidden(true)
    else setState(null)
  }, [])

  const retryWithoutBatch = useCallback(() => {
    const previous = last.current
    if (!previous || running.current) return
    const { batch: _batch, ...standard } = previous.request
    start(standard, ['swap'], previous.onConfirmed)
  }, [start])

  const outcome = state?.step === 'confirmed' ? 'confirmed' : state?.step === 'failed' ? 'failed' : 'running'
  const steps = stepStates(progress.kinds, progress.active, outcome)
  return { state: hidden ? null : state, running: isRunning, run, steps, start, close, retryWithoutBatch }
}
