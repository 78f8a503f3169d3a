import * as z from 'zod/mini'

/**
 * Runtime configuration: delivered by the web server in the `oxbow:config` meta tag (no inline
 * script, strict CSP) and also at GET /config.json. Validated on read; invalid or missing values
 * fall back to the local defaults so the app always starts.
 */
export const runtimeConfigSchema = z.object({
  environment: z.enum(['local', 'mainnet']),
  apiUrl: z.url(),
  graphqlUrl: z.url(),
  rpcUrls: z.record(z.string(), z.url()),
  /** The networks offered (from @oxbow/chains on the server, so the bundle does not carry the registry). */
  networks: z
    .array(
      z.object({
        slug: z.string(),
        name: z.string(),
        testnet: z.boolean(),
        /** The chain id in this environment (local devnet ids differ from mainnet's). */
        chainId: z.int().check(z.positive()),
        nativeSymbol: z.string(),
        /** Its block explorer in this environment (none for the local devnet). */
        explorer: z.optional(z.object({ name: z.string(), url: z.url({ protocol: /^https$/ }) })),
        /** The ENS registry where names resolve (Ethereum; the devnet's own locally). */
        ensRegistry: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
        /** Smart-wallet atomic batching is available here (the registry's capability). */
        batching: z.optional(z.boolean()),
        /** UniswapX limit orders are offered here (the registry's capability). */
        limitOrders: z.optional(z.boolean()),
      }),
    )
    .check(z.minLength(1)),
  /** On this hostname every feature-flag, experiment and layer override is ignored. */
  productionHostname: z.string(),
  /** Overrides the API's x-origin-country header (local testing of the UK notice). */
  originCountry: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/))),
  governanceUrl: z.url(),
  walletProfileUrl: z.url(),
  /**
   * The IPFS gateway avatar links (username profiles, ENS) load through: a URL ending in '/', https,
   * or http on loopback in the local environment only (apps/sandbox's gateway, whose origin the
   * CSP's img-src then names; the server refuses any other http gateway). Absent: core's
   * DEFAULT_IPFS_GATEWAY, covered by img-src's https:.
   */
  ipfsGateway: z.optional(z.url({ protocol: /^https?$/ }).check(z.regex(/\/$/))),
  /**
   * WalletConnect: the relay the connector's SDK opens a WebSocket to, and the project id it sends.
   * Locally the sandbox relay (apps/sandbox); absent when no project is configured (choosing
   * WalletConnect then fails into the error modal).
   */
  walletConnect: z.optional(
    z.object({
      relayUrl: z.url({ protocol: /^wss?$/ }),
      projectId: z.string().check(z.minLength(1), z.maxLength(100)),
    }),
  ),
  /**
   * Contract addresses per network slug (from the devnet's manifest locally): what the liquidity
   * screens call directly (the swap goes through the trading API instead). Absent: no liquidity there.
   */
  contracts: z.optional(
    z.record(
      z.string(),
      z.object({
        weth9: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
        permit2: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
        v2Router02: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
        v3Factory: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
        nonfungiblePositionManager: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
        v3Migrator: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
        v4PoolManager: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
        v4PositionManager: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
        v4StateView: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
        universalRouter: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))),
      }),
    ),
  ),
  /** Share of sessions that send performance data (0..1). */
  analyticsSampleRate: z.number().check(z.gte(0), z.lte(1)),
})

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>

export const defaultRuntimeConfig: RuntimeConfig = {
  environment: 'local',
  apiUrl: 'http://127.0.0.1:8787',
  graphqlUrl: 'http://127.0.0.1:42069/graphql',
  rpcUrls: {},
  networks: [{ slug: 'ethereum', name: 'Ethereum', testnet: false, chainId: 3133701, nativeSymbol: 'ETH' }],
  productionHostname: 'app.oxbow.exchange',
  governanceUrl: 'https://vote.oxbow.exchange',
  walletProfileUrl: 'https://profile.oxbow.exchange',
  walletConnect: { relayUrl: 'ws://127.0.0.1:8790', projectId: 'oxbow-local' },
  analyticsSampleRate: 0.1,
}

/** Parses the JSON text of the config meta tag; anything invalid yields the defaults. */
export function parseRuntimeConfig(text: string | null | undefined): RuntimeConfig {
  if (!text) return defaultRuntimeConfig
  try {
    const result = runtimeConfigSchema.safeParse(JSON.parse(text))
    return result.success ? result.data : defaultRuntimeConfig
  } catch {
    return defaultRuntimeConfig
  }
}

let cached: RuntimeConfig | undefined

/** The config of this page load (read once from the meta tag). */
export function getRuntimeConfig(): RuntimeConfig {
  if (cached) return cached
  const meta = typeof document === 'undefined' ? null : document.querySelector('meta[name="oxbow:config"]')
  cached = parseRuntimeConfig(meta?.getAttribute('content'))
  return cached
}

/** Paths the operator blocked (meta tag `oxbow:blocked-paths`, comma separated). */
export function getBlockedPaths(): readonly string[] {
  const meta =
    typeof document === 'undefined' ? null : document.querySelector('meta[name="oxbow:blocked-paths"]')
  return parseBlockedPaths(meta?.getAttribute('content'))
}

export function parseBlockedPaths(content: string | null | undefined): readonly string[] {
  if (!content) return []
  return content
    .split(',')
    .map((path) => path.trim())
    .filter((path) => path.startsWith('/'))
}

/** True when `pathname` is blocked: exact match or below a blocked prefix. /swap is never blocked. */
export function isPathBlocked(pathname: string, blocked: readonly string[]): boolean {
  if (pathname === '/swap') return false
  return blocked.some(
    (path) => pathname === path || pathname.startsWith(path.endsWith('/') ? path : `${path}/`),
  )
}
