import { type PointerEvent as ReactPointerEvent, type RefObject, useCallback } from 'react'
import { SHEET_ANIMATION_MS, SWIPE_COMMIT, sheetOffset } from '../state/sheetGesture.ts'

/**
 * Drag-to-close for the bottom sheet (the `<dialog>` around `insideRef`), started on its top edge
 * strip (the handle, `EDGE_WIDTH` tall): the sheet follows the pointer down, resists upward overdrag
 * (1/2.5), and closes when released more than `SWIPE_COMMIT` px down, else springs back in 250 ms.
 */
export function useSheetDrag(insideRef: RefObject<HTMLElement | null>, close: () => void) {
  return useCallback(
    (event: ReactPointerEvent) => {
      const sheet = insideRef.current?.closest('dialog') ?? null
      if (!sheet || event.button !== 0) return
      const startY = event.clientY
      let dy = 0
      sheet.style.transition = 'none'
      const move = (e: PointerEvent) => {
        dy = sheetOffset(e.clientY - startY)
        sheet.style.translate = `0 ${Math.round(dy)}px`
      }
      const up = () => {
        window.removeEventListener('pointermove', move)
        window.removeEventListener('pointerup', up)
        window.removeEventListener('pointercancel', up)
        if (dy > SWIPE_COMMIT) return close()
        sheet.style.transition = `translate ${SHEET_ANIMATION_MS}ms ease-out`
        sheet.style.translate = ''
      }
      window.addEventListener('pointermove', move)
      window.addEventListener('pointerup', up)
      window.addEventListener('pointercancel', up)
    },
    [insideRef, close],
  )
}
