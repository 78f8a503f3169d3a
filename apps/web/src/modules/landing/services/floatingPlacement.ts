import { seededRandom } from '@oxbow/core'

/** Spec sizes of the landing's floating token logos (section 9). */
export const FLOATING_SIZE_MIN = 50
export const FLOATING_SIZE_MAX = 96
export const FLOATING_OPACITY_MIN = 0.5
export const FLOATING_OPACITY_MAX = 1
export const FLOATING_SPACING_MIN = 250
export const FLOATING_SPACING_MAX = 375
export const FLOATING_MAX_TRIES = 10

export interface Rect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export interface FloatingPlacement {
  /** Which logo of the input list this is (logos that did not fit are skipped). */
  readonly index: number
  /** Centre, in px from the layer's top-left corner. */
  readonly x: number
  readonly y: number
  /** Diameter in px, 50-96. */
  readonly size: number
  /** 0.5-1. */
  readonly opacity: number
  /** Minimum distance (250-375 px) this logo keeps between its centre and every earlier logo's. */
  readonly spacing: number
  /** The try (1-10) on which a free spot was found. */
  readonly tries: number
}

export interface PlacementInput {
  readonly width: number
  readonly height: number
  readonly count: number
  /** Seed of the pseudo-random sequence: the same seed and viewport give the same layout. */
  readonly seed: number
  /** Areas a logo may not overlap (the hero's text and swap box). */
  readonly avoid?: readonly Rect[]
  /** Injectable for tests; defaults to a generator seeded with `seed`. */
  readonly random?: () => number
}

/** FNV-1a of the viewport size: the layout is stable for a viewport and differs between viewports. */
export function viewportSeed(width: number, height: number): number {
  let hash = 0x811c9dc5
  for (const char of `${Math.round(width)}x${Math.round(height)}`) {
    hash ^= char.charCodeAt(0)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

const between = (random: () => number, min: number, max: number) => min + random() * (max - min)

function overlaps(x: number, y: number, radius: number, rect: Rect): boolean {
  // Distance from the circle's centre to the rectangle's nearest point.
  const nearestX = Math.max(rect.x, Math.min(x, rect.x + rect.width))
  const nearestY = Math.max(rect.y, Math.min(y, rect.y + rect.height))
  return (x - nearestX) ** 2 + (y - nearestY) ** 2 < radius ** 2
}

/**
 * Places up to `count` logos in a `width` x `height` layer: each gets a size of 50-96 px, an opacity
 * of 0.5-1 and a spacing of 250-375 px, then up to 10 random spots are tried; a spot is taken when
 * the logo lies wholly inside the layer, overlaps no `avoid` area, and its centre is at least its
 * spacing (and each earlier logo's own spacing) away from every earlier centre. A logo with no free
 * spot after 10 tries is skipped.
 */
export function placeFloatingTokens(input: PlacementInput): FloatingPlacement[] {
  const random = input.random ?? seededRandom(input.seed)
  const placed: FloatingPlacement[] = []
  if (!(input.width > 0 && input.height > 0)) return placed
  for (let index = 0; index < input.count; index++) {
    const size = Math.round(between(random, FLOATING_SIZE_MIN, FLOATING_SIZE_MAX))
    const opacity = Math.round(between(random, FLOATING_OPACITY_MIN, FLOATING_OPACITY_MAX) * 100) / 100
    const spacing = Math.round(between(random, FLOATING_SPACING_MIN, FLOATING_SPACING_MAX))
    const radius = size / 2
    if (input.width < size || input.height < size) continue
    for (let tries = 1; tries <= FLOATING_MAX_TRIES; tries++) {
      const x = Math.round(between(random, radius, input.width - radius))
      const y = Math.round(between(random, radius, input.height - radius))
      if (input.avoid?.some((rect) => overlaps(x, y, radius, rect))) continue
      const crowded = placed.some(
        (other) => Math.hypot(other.x - x, other.y - y) < Math.max(spacing, other.spacing),
      )
      if (crowded) continue
      placed.push({ index, x, y, size, opacity, spacing, tries })
      break
    }
  }
  return placed
}
