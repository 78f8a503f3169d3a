import { TOKEN_LOGO_URI_PATTERN } from '@oxbow/protocol/tokenLogos'
import { useState } from 'react'
import styles from './TokenMark.module.css'

/**
 * A token's logo when the token list gives one of ours (a same-origin SVG under /token-logos/, which
 * the CSP's img-src 'self' allows), else a letter on a colour derived from the address. The image
 * falls back to the letter if it fails to load. Decorative: the token's name and symbol are text
 * beside it, so the image's alt is empty (a non-empty one would read the symbol twice).
 */
export function TokenMark({
  address,
  symbol,
  logoUrl,
  size = 24,
}: {
  address: string
  symbol: string
  logoUrl?: string | null | undefined
  size?: number
}) {
  const [failed, setFailed] = useState<string | null>(null)
  const src = typeof logoUrl === 'string' && TOKEN_LOGO_URI_PATTERN.test(logoUrl) ? logoUrl : null
  if (src !== null && failed !== src) {
    return (
      <img
        className={styles.mark}
        src={src}
        alt=""
        width={size}
        height={size}
        data-token-logo={symbol}
        onError={() => setFailed(src)}
      />
    )
  }
  let hash = 0x811c9dc5
  for (const char of address.toLowerCase()) {
    hash ^= char.charCodeAt(0)
    hash = Math.imul(hash, 0x01000193)
  }
  return (
    <span
      className={styles.mark}
      style={{
        background: `hsl(${(hash >>> 0) % 360} 62% 48%)`,
        inlineSize: size,
        blockSize: size,
        fontSize: Math.round(size / 2),
      }}
      aria-hidden="true"
      data-token-letter={symbol}
    >
      {Array.from(symbol)[0] ?? '?'}
    </span>
  )
}
