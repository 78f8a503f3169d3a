import { COPY_FEEDBACK_MS } from '@oxbow/core'
import { useCallback, useEffect, useRef, useState } from 'react'

export type CopyStatus = 'idle' | 'copied' | 'failed'

/**
 * Copies text to the clipboard. `status` is `copied` for the spec's 400 ms (COPY_FEEDBACK_MS) after it
 * succeeded, and `failed` (until the next attempt) when the browser refused: permission denied, no
 * clipboard outside a secure context, or a document without focus. A failure is never silent: the
 * caller shows the spec's 'Failed to copy to clipboard'.
 */
export function useCopyToClipboard(): { status: CopyStatus; copied: boolean; copy: (text: string) => void } {
  const [status, setStatus] = useState<CopyStatus>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = useCallback((text: string) => {
    clearTimeout(timer.current)
    setStatus('idle')
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard
    const attempt = clipboard
      ? clipboard.writeText(text)
      : Promise.reject(new Error('no clipboard in this context'))
    attempt.then(
      () => {
        setStatus('copied')
        timer.current = setTimeout(() => setStatus('idle'), COPY_FEEDBACK_MS)
      },
      () => setStatus('failed'),
    )
  }, [])
  return { status, copied: status === 'copied', copy }
}
