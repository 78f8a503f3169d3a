import { type PointerEvent as ReactPointerEvent, type RefObject, useCallback } from 'react'

/** The spec's bottom sheet: dragging past the top edge moves it at 1/2.5 of the pointer (overdrag resistance). */
export const OVERDRAG_RESISTANCE = 2.5
/** A drag down by more than this share of the sheet's height closes it. */
const CLOSE_SHARE = 0.3

/**
 * Drag-to-close for the bottom sheet (the `<dialog>` around `insideRef`): the handle follows the pointer down, resists upward overdrag,
 * and closes the sheet when released far enough down (else it springs back).
 */
export function useSheetDrag(insideRef: RefObject<HTMLElement | null>, close: () => void) {
  return useCallback(
    (event: ReactPointerEvent) => {
      const sheet = insideRef.current?.closest('dialog') ?? null
      if (!sheet || event.button !== 0) return
      const startY = event.clientY
      let dy = 0
      const move = (e: PointerEvent) => {
        const raw = e.clientY - startY
        dy = raw >= 0 ? raw : raw / OVERDRAG_RESISTANCE
        sheet.style.translate = `0 ${Math.round(dy)}px`
      }
      const up = () => {
        window.removeEventListener('pointermove', move)
        window.removeEventListener('pointerup', up)
        window.removeEventListener('pointercancel', up)
        sheet.style.translate = ''
        if (dy > sheet.getBoundingClientRect().height * CLOSE_SHARE) close()
      }
      window.addEventListener('pointermove', move)
      window.addEventListener('pointerup', up)
      window.addEventListener('pointercancel', up)
    },
    [insideRef, close],
  )
}
