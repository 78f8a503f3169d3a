import { useCallback, useEffect, useRef, useState } from 'react'

/** The spec's copy feedback: the confirmation shows for 400 ms. */
export const COPY_FEEDBACK_MS = 400

/** Copies text to the clipboard; `copied` is true for {@link COPY_FEEDBACK_MS} after it succeeded. */
export function useCopyToClipboard(): { copied: boolean; copy: (text: string) => void } {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = useCallback((text: string) => {
    navigator.clipboard?.writeText(text).then(
      () => {
        setCopied(true)
        clearTimeout(timer.current)
        timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS)
      },
      () => undefined,
    )
  }, [])
  return { copied, copy }
}
