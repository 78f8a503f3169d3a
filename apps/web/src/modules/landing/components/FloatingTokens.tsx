import { type RefObject, useId, useMemo, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import { defineMessages } from '../../../lib/messages.ts'
import { useAvoidAreas } from '../hooks/useAvoidAreas.ts'
import { useFloatingTokens } from '../hooks/useFloatingTokens.ts'
import { useMediaQuery } from '../hooks/useMediaQuery.ts'
import { type FloatingPlacement, placeFloatingTokens, viewportSeed } from '../services/floatingPlacement.ts'
import type { FloatingToken } from '../services/floatingTokens.ts'
import styles from './Landing.module.css'

const m = defineMessages({
  change: { id: 'landing.floating.change24h', defaultMessage: '{change} (24h)' },
  noChange: { id: 'landing.floating.noChange', defaultMessage: 'No 24h price data' },
})

/** Below this width the logos are hidden (they would crowd the swap box). Keep in step with the CSS. */
export const FLOATING_MIN_VIEWPORT = '(min-width: 1024px)'

/** The first letters of the symbol shown in the coloured circle (by code point, not UTF-16 unit). */
export function symbolInitials(symbol: string): string {
  return Array.from(symbol).slice(0, 4).join('')
}

/**
 * The landing's floating token logos: the indexer's trending tokens, placed by a seeded algorithm
 * in an absolutely positioned layer beside the hero column (no layout shift). Hover or focus shows
 * the symbol and the 24 h price change; a click opens the token's page. Hidden on narrow screens
 * and when the indexer is unreachable.
 */
export function FloatingTokens({ contentRef }: { contentRef: RefObject<HTMLElement | null> }) {
  const wide = useMediaQuery(FLOATING_MIN_VIEWPORT)
  const tokens = useFloatingTokens(wide)
  const layerRef = useRef<HTMLDivElement>(null)
  const layout = useAvoidAreas(layerRef, contentRef)

  const placements = useMemo(() => {
    if (!layout || tokens.length === 0) return []
    return placeFloatingTokens({
      width: layout.width,
      height: layout.height,
      count: tokens.length,
      seed: viewportSeed(layout.width, layout.height),
      avoid: layout.areas,
    })
  }, [layout, tokens.length])

  return (
    <div className={styles.layer} ref={layerRef} data-testid="floating-tokens">
      {wide
        ? placements.map((placement) => {
            const token = tokens[placement.index]
            return token ? (
              <FloatingLogo key={`${token.chain}:${token.address}`} token={token} placement={placement} />
            ) : null
          })
        : null}
    </div>
  )
}

function FloatingLogo({ token, placement }: { token: FloatingToken; placement: FloatingPlacement }) {
  const intl = useIntl()
  const [active, setActive] = useState(false)
  const tooltipId = useId()
  const change = token.priceChange24h
  const direction = change === null || change === 0 ? 'flat' : change > 0 ? 'up' : 'down'
  const initials = symbolInitials(token.symbol)
  const show = () => setActive(true)
  const hide = () => setActive(false)
  return (
    <div
      className={styles.floating}
      data-testid="floating-token"
      data-symbol={token.symbol}
      data-chain={token.chain}
      data-address={token.address}
      data-spacing={placement.spacing}
      style={{
        left: placement.x - placement.size / 2,
        top: placement.y - placement.size / 2,
        width: placement.size,
        height: placement.size,
        animationDelay: `${-(placement.index % 7) * 0.9}s`,
        animationDuration: `${6 + (placement.index % 5)}s`,
      }}
    >
      <Link
        to={`/explore/tokens/${encodeURIComponent(token.chain)}/${encodeURIComponent(token.address)}`}
        className={styles.logo}
        data-testid="floating-token-link"
        aria-describedby={active ? tooltipId : undefined}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
        style={{
          opacity: placement.opacity,
          background: token.color,
          // Four letters need a smaller type than three to stay inside the circle.
          fontSize: Math.round(placement.size * (initials.length > 3 ? 0.24 : 0.3)),
        }}
      >
        {token.logoUrl ? (
          <img src={token.logoUrl} alt="" width={placement.size} height={placement.size} />
        ) : (
          // A monogram standing in for the logo image: drawn by CSS from the attribute, decoration
          // only (the link's name is the symbol), so no text node for contrast rules to weigh
          // against the logo's required 50-100 % opacity.
          <span aria-hidden="true" className={styles.monogram} data-initials={initials} />
        )}
        <span className="visually-hidden">{token.symbol}</span>
      </Link>
      {active ? (
        <div className={styles.tooltip} role="tooltip" id={tooltipId} data-testid="floating-token-tooltip">
          <span className={styles.tooltipSymbol}>{token.symbol}</span>
          <span className={styles.change} data-direction={direction} data-testid="floating-token-change">
            {change === null
              ? intl.formatMessage(m.noChange)
              : intl.formatMessage(m.change, {
                  change: intl.formatNumber(change / 100, {
                    style: 'percent',
                    minimumFractionDigits: 2,
                    maximumFractionDigits: 2,
                    signDisplay: 'exceptZero',
                  }),
                })}
          </span>
        </div>
      ) : null}
    </div>
  )
}
