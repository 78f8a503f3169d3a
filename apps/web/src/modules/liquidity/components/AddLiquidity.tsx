import { parseAmountInput, sanitizeAmountInput, toDecimalString } from '@oxbow/core'
import { useId, useState } from 'react'
import { useIntl } from 'react-intl'
import { findNetwork } from '../../config/index.ts'
import type { LiquidityTransaction } from '../hooks/useLiquidityTransaction.ts'
import { type AddAmounts, addRequests, linkedAmounts } from '../services/addLiquidity.ts'
import { liquidityContracts } from '../services/chain.ts'
import { hasWrappedNative } from '../services/positionActions.ts'
import type { OnchainPosition } from '../services/readPosition.ts'
import { ActionButton } from './ActionButton.tsx'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'

/** Add to a position: one side typed, the other linked by the range at the pool's price. */
export function AddLiquidity({ position: p, tx }: { position: OnchainPosition; tx: LiquidityTransaction }) {
  const intl = useIntl()
  const id = useId()
  const [typed, setTyped] = useState<{ side: 0 | 1; text: string }>({ side: 0, text: '' })
  const [problem, setProblem] = useState<string | null>(null)
  const { weth9 } = liquidityContracts(p.network)
  const network = findNetwork(p.network)
  const nativeSymbol = network?.nativeSymbol ?? 'ETH'
  const canPayNative = hasWrappedNative(p, weth9)
  const [payNative, setPayNative] = useState(true)
  const tokens = [p.token0, p.token1] as const
  let amounts: AddAmounts | null = null
  try {
    const token = tokens[typed.side]
    amounts =
      typed.text === '' ? null : linkedAmounts(p, typed.side, parseAmountInput(typed.text, token.decimals))
  } catch {
    amounts = null
  }
  const shown = (side: 0 | 1) => {
    if (side === typed.side) return typed.text
    if (!amounts) return ''
    const token = tokens[side]
    return toDecimalString(side === 0 ? amounts.amount0 : amounts.amount1, token.decimals)
  }
  const symbolOf = (side: 0 | 1) => {
    const token = tokens[side]
    return canPayNative && payNative && weth9 && token.address.toLowerCase() === weth9.toLowerCase()
      ? nativeSymbol
      : token.symbol
  }

  const submit = async () => {
    if (!amounts) return
    setProblem(null)
    const built = await addRequests(p, amounts, {
      chainId: network?.chainId ?? 0,
      payNativeFor: canPayNative && payNative ? weth9 : undefined,
      nativeSymbol,
      nowMs: Date.now(),
    })
    if ('problem' in built) {
      setProblem(intl.formatMessage(m.insufficient, { symbol: built.problem.symbol }))
      return
    }
    if (await tx.run(p.owner, built.requests)) setTyped({ side: typed.side, text: '' })
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={styles.actions}>
      <h2 id={`${id}-heading`}>{intl.formatMessage(m.add)}</h2>
      {canPayNative ? (
        <label>
          <input type="checkbox" checked={payNative} onChange={(e) => setPayNative(e.target.checked)} />{' '}
          {intl.formatMessage(m.payNative, { symbol: nativeSymbol })}
        </label>
      ) : null}
      {([0, 1] as const).map((side) => (
        <label key={side} className={styles.figure}>
          <span>{intl.formatMessage(m.amountOf, { symbol: symbolOf(side) })}</span>
          <input
            inputMode="decimal"
            autoComplete="off"
            value={shown(side)}
            data-testid={`add-amount${side}`}
            data-amount={amounts ? String(side === 0 ? amounts.amount0 : amounts.amount1) : undefined}
            onChange={(e) => {
              const text = sanitizeAmountInput(e.target.value, tokens[side].decimals)
              if (text !== null) setTyped({ side, text })
              setProblem(null)
            }}
          />
        </label>
      ))}
      {problem ? <p role="alert">{problem}</p> : null}
      <ActionButton tx={tx} disabled={!amounts} onClick={() => void submit()}>
        {amounts ? intl.formatMessage(m.add) : intl.formatMessage(m.enterAmount)}
      </ActionButton>
    </section>
  )
}
