import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import {
  addPendingTransaction,
  type Hex,
  loadWalletRuntime,
  resolvePendingTransaction,
} from '../../wallet/index.ts'
import type { SwapFlowRequest, SwapFlowState } from '../services/swapFlow.ts'
import { fetchSwap } from '../services/tradingApi.ts'
import { invalidateBalances } from './useBalances.ts'

export interface SwapExecution {
  /** Null before the first run and after the status is closed (a closed run goes on in the background). */
  readonly state: SwapFlowState | null
  readonly running: boolean
  readonly start: (request: SwapFlowRequest, onConfirmed?: () => void) => void
  readonly close: () => void
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

  const start = useCallback(
    (request: SwapFlowRequest, onConfirmed?: () => void) => {
      if (running.current) return
      running.current = true
      setRunning(true)
      setHidden(false)
      setState({ step: 'submitting' })
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
              onMined: (hash) => resolvePendingTransaction(account, hash),
            },
            setState,
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

  return { state: hidden ? null : state, running: isRunning, start, close }
}
