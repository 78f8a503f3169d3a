import { type RefObject, useLayoutEffect, useState } from 'react'
import type { Rect } from '../services/floatingPlacement.ts'

/** Free space kept between the hero's text or swap box and any floating logo. */
const MARGIN = 24

/**
 * The areas of the hero the floating logos must keep clear, relative to the logos' layer: the text
 * of every `[data-floating-avoid="text"]` element (its line boxes, not the whole block), and every
 * `[data-floating-avoid="column"]` element from its top to the layer's bottom (so a swap box that
 * grows, e.g. with quote details, does not move the logos). Null until measured.
 */
export function useAvoidAreas(
  layerRef: RefObject<HTMLElement | null>,
  contentRef: RefObject<HTMLElement | null>,
): { readonly width: number; readonly height: number; readonly areas: readonly Rect[] } | null {
  const [state, setState] = useState<{ width: number; height: number; areas: Rect[]; key: string } | null>(
    null,
  )
  useLayoutEffect(() => {
    const layer = layerRef.current
    const content = contentRef.current
    if (!layer || !content) return
    const measure = () => {
      const origin = layer.getBoundingClientRect()
      const width = Math.round(origin.width)
      const height = Math.round(origin.height)
      const areas: Rect[] = []
      for (const element of content.querySelectorAll<HTMLElement>('[data-floating-avoid]')) {
        const box = element.getBoundingClientRect()
        let rect = { left: box.left, width: box.width }
        if (element.dataset.floatingAvoid === 'text') {
          // Across, the text's extent (not the whole block); up and down, the block's own box: the
          // words rising into place (a transform) must not move the area with them.
          const range = document.createRange()
          range.selectNodeContents(element)
          rect = range.getBoundingClientRect()
        }
        const x = Math.round(rect.left - origin.left) - MARGIN
        const y = Math.round(box.top - origin.top) - MARGIN
        const bottom =
          element.dataset.floatingAvoid === 'column' ? height : Math.round(box.bottom - origin.top) + MARGIN
        areas.push({ x, y, width: Math.round(rect.width) + 2 * MARGIN, height: bottom - y })
      }
      const key = JSON.stringify([width, height, areas])
      setState((previous) => (previous?.key === key ? previous : { width, height, areas, key }))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(layer)
    observer.observe(content)
    window.addEventListener('resize', measure)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', measure)
    }
  }, [layerRef, contentRef])
  return state
}
