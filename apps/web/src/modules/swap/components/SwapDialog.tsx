import type { ReactNode } from 'react'
import { Dialog } from '../../ui/index.ts'
import trade from './TradeBox.module.css'

/** A modal dialog for the review and the status (the app's Dialog): Escape calls onClose. */
export function SwapDialog(props: {
  open: boolean
  onClose: () => void
  label: string
  testId: string
  state?: string | undefined
  children: ReactNode
}) {
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      label={props.label}
      className={trade.dialog}
      data-testid={props.open ? props.testId : undefined}
      data-state={props.state}
    >
      {props.children}
    </Dialog>
  )
}
