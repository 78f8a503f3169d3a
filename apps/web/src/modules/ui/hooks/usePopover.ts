import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** The gap every popover keeps from the viewport's left and right edges, in px. */
export const POPOVER_VIEWPORT_MARGIN = 8

/**
 * Closes an open popover or menu the way people expect: Escape (focus goes back to `triggerRef`),
 * a pointer press outside `rootRef` (the trigger and its panel), and a route change.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  rootRef: RefObject<HTMLElement | null>,
  triggerRef?: RefObject<HTMLElement | null>,
): void {
  // The latest close, so the listeners are installed once per opening, not once per render.
  const closeRef = useRef(close)
  closeRef.current = close
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      closeRef.current()
      triggerRef?.current?.focus()
    }
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) closeRef.current()
    }
    window.addEventListener('keydown', onKey)
    window.addEventListener('pointerdown', onPointer)
    return () => {
      window.removeEventListener('keydown', onKey)
      window.removeEventListener('pointerdown', onPointer)
    }
  }, [open, rootRef, triggerRef])

  const { pathname } = useLocation()
  const shownOn = useRef(pathname)
  useEffect(() => {
    if (shownOn.current !== pathname && open) closeRef.current()
    shownOn.current = pathname
  }, [pathname, open])
}

/**
 * Keeps an open popover panel inside the viewport horizontally, in either writing direction: it is
 * never wider than the viewport less a margin each side, and when its anchored position would cross
 * an edge (a trigger near the start of a narrow header, a mirrored layout) it is shifted back in.
 * Re-placed when the viewport or the panel resizes.
 */
export function useKeepInViewport(panelRef: RefObject<HTMLElement | null>, open: boolean): void {
  useLayoutEffect(() => {
    const panel = panelRef.current
    if (!open || !panel) return
    const place = () => {
      const viewport = document.documentElement.clientWidth
      panel.style.translate = ''
      panel.style.maxInlineSize = `${viewport - 2 * POPOVER_VIEWPORT_MARGIN}px`
      const rect = panel.getBoundingClientRect()
      let shift = 0
      if (rect.left < POPOVER_VIEWPORT_MARGIN) shift = POPOVER_VIEWPORT_MARGIN - rect.left
      else if (rect.right > viewport - POPOVER_VIEWPORT_MARGIN)
        shift = viewport - POPOVER_VIEWPORT_MARGIN - rect.right
      if (shift !== 0) panel.style.translate = `${Math.round(shift)}px 0`
    }
    place()
    window.addEventListener('resize', place)
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(place)
    observer?.observe(panel)
    return () => {
      window.removeEventListener('resize', place)
      observer?.disconnect()
    }
  }, [open, panelRef])
}
