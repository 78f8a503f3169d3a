import { type ReactNode, useEffect, useRef } from 'react'
import styles from './SwapForm.module.css'

/** A modal <dialog> for the review and the status: mirrors `open`, Escape calls onClose. */
export function SwapDialog(props: {
  open: boolean
  onClose: () => void
  label: string
  testId: string
  state?: string | undefined
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (props.open && !dialog.open) dialog.showModal()
    if (!props.open && dialog.open) dialog.close()
  }, [props.open])
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-label={props.label}
      data-testid={props.open ? props.testId : undefined}
      data-state={props.state}
      onCancel={(event) => {
        event.preventDefault()
        props.onClose()
      }}
    >
      {props.open ? props.children : null}
    </dialog>
  )
}
