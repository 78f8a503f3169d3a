import { type ReactNode, useState } from 'react'

/**
 * An avatar (a username profile's upload or link, an ENS name's) as a decorative <img>: no referrer
 * goes to the image's host, and an image that fails to load (a dead link, a gateway that refuses)
 * gives way to `fallback` instead of a broken-image icon.
 */
export function AvatarImage(props: {
  readonly src: string
  readonly size: number
  readonly className?: string | undefined
  readonly testId?: string | undefined
  readonly fallback?: ReactNode
}) {
  const [failed, setFailed] = useState<string | null>(null)
  if (failed === props.src) return props.fallback ?? null
  return (
    <img
      className={props.className}
      src={props.src}
      alt=""
      width={props.size}
      height={props.size}
      referrerPolicy="no-referrer"
      onError={() => setFailed(props.src)}
      data-testid={props.testId}
    />
  )
}
