/**
 * The spec's bottom-sheet numbers (narrow screens): 250 ms animation, overdrag resistance 2.5,
 * backdrop 0.5 (CSS), drawer default width 200, edge width 20. The last two are the drawer layout's
 * gesture values: a swipe counts only when it starts within `EDGE_WIDTH` px of the edge, and it
 * commits (opens, or closes) once it has travelled half the drawer's default width.
 */
export const SHEET_ANIMATION_MS = 250
export const OVERDRAG_RESISTANCE = 2.5
export const DRAWER_DEFAULT_WIDTH = 200
export const EDGE_WIDTH = 20
/** Travel (px) past which a swipe opens or closes the sheet; a shorter one springs back. */
export const SWIPE_COMMIT = DRAWER_DEFAULT_WIDTH / 2

/**
 * Where the open sheet sits for a drag of `raw` px (positive: down): it follows the pointer down,
 * and moves at 1/2.5 of it past its resting place (up).
 */
export function sheetOffset(raw: number): number {
  return raw >= 0 ? raw : raw / OVERDRAG_RESISTANCE
}
