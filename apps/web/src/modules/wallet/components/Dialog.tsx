import { type ReactNode, useEffect, useRef } from 'react'

/** A modal <dialog> that mirrors `open` and reports Escape/close. */
export function Dialog(props: {
  open: boolean
  onClose: () => void
  className: string | undefined
  label: string
  children: ReactNode
  role?: 'alertdialog'
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
      className={props.className}
      aria-label={props.label}
      role={props.role}
      onClose={props.onClose}
      onCancel={(event) => {
        event.preventDefault()
        props.onClose()
      }}
    >
      {props.open ? props.children : null}
    </dialog>
  )
}
