/**
 * Token logos: small SVGs the web app serves itself (apps/web/public/token-logos/<name>.svg), so a
 * logo is same-origin (the CSP's img-src 'self') and never a third party's URL. The token list (the
 * devnet manifest's `logoURI`) points at them through {@link tokenLogoURI}; the indexer exposes the
 * result as Token.logoUrl.
 */

/** The logos we ship, by file name. */
export const tokenLogoNames = ['eth', 'usdc', 'usdt', 'dai', 'wbtc', 'uni', 'link', 'pepe'] as const
export type TokenLogoName = (typeof tokenLogoNames)[number]

/** A logo URI of ours: a same-origin path under /token-logos/. */
export const TOKEN_LOGO_URI_PATTERN = /^\/token-logos\/[a-z0-9-]{1,32}\.svg$/

/** The logo URI of one of our logos. */
export function tokenLogoURI(name: TokenLogoName): string {
  return `/token-logos/${name}.svg`
}

/** The logo of a network's native currency (and its wrapped form), when we ship one. */
export function nativeTokenLogoURI(symbol: string): string | undefined {
  return symbol === 'ETH' ? tokenLogoURI('eth') : undefined
}
