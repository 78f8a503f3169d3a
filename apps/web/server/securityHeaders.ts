import type { RuntimeConfig } from '../src/modules/config/index.ts'

function origin(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * The strict Content-Security-Policy: no inline script or style, no eval; the page may only talk to
 * itself, the API, the indexer (GraphQL), the configured RPC endpoints and the WalletConnect relay
 * (its origin only: the SDK adds the project id and auth as query parameters). Images: its own,
 * data URLs, https (token logos, NFTs) and the API's origin (username avatars, served with their
 * sniffed type and nosniff); in the local environment also the IPFS gateway's origin (apps/sandbox's
 * gateway on loopback over http; elsewhere the gateway is https, which img-src already allows).
 */
export function contentSecurityPolicy(config: RuntimeConfig): string {
  const images = new Set(["'self'", 'data:', 'https:'])
  const api = origin(config.apiUrl)
  if (api) images.add(api)
  const gateway = config.ipfsGateway && origin(config.ipfsGateway)
  if (config.environment === 'local' && gateway?.startsWith('http:')) images.add(gateway)
  const connect = new Set(["'self'"])
  const relay = config.walletConnect?.relayUrl
  for (const url of [
    config.apiUrl,
    config.graphqlUrl,
    ...Object.values(config.rpcUrls),
    ...(relay ? [relay] : []),
  ]) {
    const o = origin(url)
    if (o) connect.add(o)
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${[...images].join(' ')}`,
    "font-src 'self'",
    `connect-src ${[...connect].join(' ')}`,
    "manifest-src 'self'",
    "worker-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export function securityHeaders(config: RuntimeConfig, overTls: boolean): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Not 'same-origin': Coinbase Wallet's SDK talks to its keys.coinbase.com popup through
    // window.opener (and refuses to start under 'same-origin'). Popups the app opens keep their
    // opener; any other cross-origin window is still isolated from this one.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    // HSTS is only meaningful (and only honoured) over TLS.
    ...(overTls ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}
