/** The spec's wallet long-press: 600 ms held without moving away. */
export const LONG_PRESS_MS = 600

/**
 * Pointer handlers for a row link: holding it LONG_PRESS_MS calls `onLongPress` and swallows the
 * click that follows the release (and the touch context menu). A short press is an ordinary click.
 */
// One press at a time: module state, so a re-render (the toggle itself re-renders the row) between
// the press and its click still sees that the press fired.
let timer: ReturnType<typeof setTimeout> | undefined
let fired = false
const cancel = () => clearTimeout(timer)

export function longPress(onLongPress: () => void) {
  return {
    onPointerDown(event: { button: number }) {
      if (event.button !== 0) return
      fired = false
      cancel()
      timer = setTimeout(() => {
        fired = true
        onLongPress()
      }, LONG_PRESS_MS)
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onContextMenu(event: { preventDefault(): void }) {
      if (fired) event.preventDefault()
    },
    onClick(event: { preventDefault(): void }) {
      if (!fired) return
      fired = false
      event.preventDefault()
    },
  }
}
