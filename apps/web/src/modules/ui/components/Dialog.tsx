import { type ComponentPropsWithoutRef, type ReactNode, useEffect, useRef } from 'react'
import { useFocusTrap } from '../hooks/useFocusTrap.ts'
import styles from './Dialog.module.css'

/** The small centred modal's look, for a Dialog's className; a class of the module's own beside it may change a property. */
export const modalClassName: string = styles.modal ?? ''
/** A drawer's or modal's head row (title between the close and back buttons). */
export const dialogHeadClassName: string = styles.head ?? ''
/** A borderless icon button (close, back, copy) in a drawer or modal. */
export const iconButtonClassName: string = styles.iconButton ?? ''

/**
 * The app's modal dialog: a <dialog> shown with showModal() while `open` (the page behind is inert),
 * named by `label`, Escape calls onClose, focus stays inside and returns to the opener on close.
 * Children render only while open. Other attributes (class, test id, data-*) pass through.
 */
export function Dialog({
  open,
  onClose,
  label,
  children,
  ...rest
}: Omit<ComponentPropsWithoutRef<'dialog'>, 'open' | 'onClose' | 'onCancel'> & {
  open: boolean
  onClose: () => void
  label: string
  children: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useFocusTrap(ref, open)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      aria-label={label}
      {...rest}
      // Chrome closes a dialog itself after repeated Escape presses without user activation.
      // A dialog opened from inside another (a modal over the account drawer) reports its own close
      // and cancel through React's tree to this one too: only the dialog's own events count here.
      onClose={(event) => {
        if (event.target !== event.currentTarget) return
        if (open) onClose()
      }}
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return
        event.preventDefault()
        onClose()
      }}
    >
      {open ? children : null}
    </dialog>
  )
}
