import { AMOUNT_FONT_SIZE_MAX_PX, amountFontSize } from '@oxbow/core'
import { type RefObject, useLayoutEffect, useState } from 'react'

let canvas: HTMLCanvasElement | undefined

/** The width in px of `text` in the input's font at the largest amount size. */
function widthAtMax(input: HTMLInputElement, text: string): number {
  canvas ??= document.createElement('canvas')
  const context = canvas.getContext('2d')
  if (!context) return 0
  const style = getComputedStyle(input)
  context.font = `${style.fontStyle} ${style.fontWeight} ${AMOUNT_FONT_SIZE_MAX_PX}px ${style.fontFamily}`
  return context.measureText(text).width
}

/**
 * The spec's amount font size for what the field shows (70 px, shrinking to 48 px as digits grow):
 * measured against the field's own width, again whenever that width changes. The field itself
 * keeps its size. A box narrower than /swap's sets a lower floor in CSS, `--amount-font-min` (px),
 * on the field or an ancestor (the token page's embedded box).
 */
export function useAmountFontSize(ref: RefObject<HTMLInputElement | null>, text: string): number {
  const [size, setSize] = useState(AMOUNT_FONT_SIZE_MAX_PX)
  useLayoutEffect(() => {
    const input = ref.current
    if (!input) return
    const floor =
      Number.parseFloat(getComputedStyle(input).getPropertyValue('--amount-font-min')) || undefined
    const update = () => setSize(amountFontSize(widthAtMax(input, text), input.clientWidth, floor))
    update()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(update)
    observer.observe(input)
    return () => observer.disconnect()
  }, [ref, text])
  return size
}
