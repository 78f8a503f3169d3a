import { type MouseEvent as ReactMouseEvent, type PointerEvent as ReactPointerEvent, useRef } from 'react'
import { openAccountDrawer } from '../../wallet/index.ts'
import { SWIPE_COMMIT } from '../state/sheetGesture.ts'
import styles from './EdgeSwipe.module.css'

/**
 * The bottom sheet's edge swipe (touch screens below 641 px, while the drawer is closed): a strip
 * `EDGE_WIDTH` px tall along the bottom edge; a swipe up from it opens the drawer once it has
 * travelled `SWIPE_COMMIT` px. The strip takes touches there from the page's scrolling (pointer
 * events need `touch-action: none` to survive a vertical move), so a tap on it is passed on to what
 * lies beneath.
 */
export function EdgeSwipe() {
  const ref = useRef<HTMLDivElement>(null)
  const onPointerDown = (event: ReactPointerEvent) => {
    const startY = event.clientY
    const move = (e: PointerEvent) => {
      if (startY - e.clientY < SWIPE_COMMIT) return
      end()
      openAccountDrawer()
    }
    const end = () => {
      window.removeEventListener('pointermove', move)
      window.removeEventListener('pointerup', end)
      window.removeEventListener('pointercancel', end)
    }
    window.addEventListener('pointermove', move)
    window.addEventListener('pointerup', end)
    window.addEventListener('pointercancel', end)
  }
  const onClick = (event: ReactMouseEvent) => {
    const strip = ref.current
    if (!strip) return
    strip.hidden = true
    const below = document.elementFromPoint(event.clientX, event.clientY)
    strip.hidden = false
    if (below instanceof HTMLElement) below.click()
  }
  return (
    <div
      ref={ref}
      className={styles.edge}
      onPointerDown={onPointerDown}
      onClick={onClick}
      aria-hidden="true"
      data-testid="drawer-edge"
    />
  )
}
