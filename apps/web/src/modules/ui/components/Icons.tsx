/**
 * Icons drawn as inline SVG in the text colour, for the symbols many systems' fonts lack (⧉ and ⏻
 * showed as empty boxes in Chromium on Debian). Decorative: the button around one carries the name.
 */
import type { ReactNode } from 'react'

/** Copy: two overlapping sheets. */
export function CopyIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false">
      <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" stroke="currentColor" strokeWidth="1.5" />
      <path
        d="M10.5 3.5v-.5A1.5 1.5 0 0 0 9 1.5H4A1.5 1.5 0 0 0 2.5 3v5A1.5 1.5 0 0 0 4 9.5h.5"
        stroke="currentColor"
        strokeWidth="1.5"
      />
    </svg>
  )
}

/** Power (disconnect): a broken ring with a bar. */
export function PowerIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false">
      <path d="M8 1.75v6" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
      <path d="M4.5 3.9a5.25 5.25 0 1 0 7 0" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  )
}

/** A line icon on a 24-unit grid (search, settings): its shapes stroked in the text colour. */
export function LineIcon({ size, children }: { size: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  )
}

/** Oxbow's mark (the header's and the landing's logo); `children` draws over it (the holiday hat). */
export function LogoMark({ className, children }: { className: string | undefined; children?: ReactNode }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true">
      <circle cx="16" cy="16" r="15" fill="var(--color-accent)" />
      <path
        d="M8 18c3-6 13-6 16 0"
        stroke="var(--color-accent-text)"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      {children}
    </svg>
  )
}
