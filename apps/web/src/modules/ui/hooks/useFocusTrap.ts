import { type RefObject, useEffect } from 'react'

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) =>
    element.checkVisibility({ visibilityProperty: true }),
  )
}

/**
 * Keeps keyboard focus inside `ref` while `active` (WCAG 2.4.3 for dialogs): focus moves in when it
 * opens (unless the dialog already placed it), Tab and Shift+Tab wrap around its controls (a modal
 * <dialog> alone lets Tab leave for the browser's own UI and come back on the page's body), and on
 * close focus returns to the element that had it before, unless the user has put it somewhere else.
 * Call it before any effect that moves focus into the dialog, so the opener is still focused.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const container = ref.current
    if (!active || !container) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    // A modal <dialog> opens in a later effect and moves focus itself.
    if (!(container instanceof HTMLDialogElement) && !container.contains(document.activeElement))
      tabbables(container)[0]?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.defaultPrevented) return
      const items = tabbables(container)
      const first = items[0]
      const last = items.at(-1)
      const current = document.activeElement
      const outside = !container.contains(current)
      if (!first || !last) return
      if (event.shiftKey ? outside || current === first : outside || current === last) {
        event.preventDefault()
        ;(event.shiftKey ? last : first).focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      const current = document.activeElement
      const unclaimed =
        current === null || current === document.body || !current.isConnected || container.contains(current)
      if (opener?.isConnected && unclaimed) opener.focus()
    }
  }, [ref, active])
}
