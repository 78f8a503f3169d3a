import type { ComponentProps } from 'react'
import { useIntl } from 'react-intl'
import { screeningMessages } from '../../screening/index.ts'
import { Button } from '../../ui/index.ts'
import type { LiquidityTransaction } from '../hooks/useLiquidityTransaction.ts'

/**
 * A button that starts a liquidity transaction: disabled while one runs, and for a blocked account
 * it reads 'Address blocked' and stays disabled (spec: blocked addresses cannot be used).
 */
export function ActionButton({
  tx,
  disabled,
  children,
  ...props
}: ComponentProps<typeof Button> & { readonly tx: Pick<LiquidityTransaction, 'busy' | 'blocked'> }) {
  const intl = useIntl()
  return (
    <Button
      type="button"
      {...props}
      disabled={Boolean(disabled) || tx.busy || tx.blocked}
      data-kind={tx.blocked ? 'blocked' : undefined}
    >
      {tx.blocked ? intl.formatMessage(screeningMessages.button) : children}
    </Button>
  )
}
