import { blockExplorerOf, localRpcUrl, networks } from '@oxbow/chains'
import { DEFAULT_IPFS_GATEWAY } from '@oxbow/core'
import { defaultManifestPath, loadManifest, type Manifest } from '@oxbow/protocol'
import { defaultRuntimeConfig, type RuntimeConfig, runtimeConfigSchema } from '../src/modules/config/index.ts'

/**
 * Builds the browser's runtime config from the environment and the devnet's deployment manifest
 * (RPC URLs and ENS registries per network); without a manifest, the local port layout is assumed.
 * OXBOW_API_URL, OXBOW_GRAPHQL_URL, OXBOW_ENVIRONMENT, OXBOW_ORIGIN_COUNTRY, OXBOW_PRODUCTION_HOSTNAME,
 * OXBOW_ANALYTICS_SAMPLE_RATE override the defaults (the build hash is the bundle's own: vite.config.ts).
 * WalletConnect: locally the sandbox relay on ws://127.0.0.1:${OXBOW_WC_RELAY_PORT:-8790} with a
 * local project id; elsewhere only when OXBOW_WC_PROJECT_ID is set (relay OXBOW_WC_RELAY_URL, by
 * default WalletConnect's own). OXBOW_WC_RELAY_URL and OXBOW_WC_PROJECT_ID override both.
 * IPFS (avatar links): locally the sandbox gateway on
 * http://127.0.0.1:${OXBOW_IPFS_GATEWAY_PORT:-8792}/ipfs/; elsewhere core's public gateway;
 * OXBOW_IPFS_GATEWAY overrides both.
 */
function walletConnectConfig(
  environment: 'local' | 'mainnet',
  env: NodeJS.ProcessEnv,
): RuntimeConfig['walletConnect'] {
  if (environment === 'local') {
    return {
      relayUrl: env.OXBOW_WC_RELAY_URL ?? `ws://127.0.0.1:${env.OXBOW_WC_RELAY_PORT ?? 8790}`,
      projectId: env.OXBOW_WC_PROJECT_ID ?? 'oxbow-local',
    }
  }
  if (!env.OXBOW_WC_PROJECT_ID) return undefined
  return {
    relayUrl: env.OXBOW_WC_RELAY_URL ?? 'wss://relay.walletconnect.org',
    projectId: env.OXBOW_WC_PROJECT_ID,
  }
}

export async function buildRuntimeConfig(env: NodeJS.ProcessEnv = process.env): Promise<RuntimeConfig> {
  let rpcUrls: Record<string, string>
  /** The devnet's ENS registries by network (the manifest records where it deployed them). */
  let localEns: Record<string, string> = {}
  let contracts: RuntimeConfig['contracts']
  try {
    const manifest = await loadManifest(defaultManifestPath(env))
    rpcUrls = Object.fromEntries(
      Object.entries(manifest.networks).map(([slug, deployment]) => [slug, deployment.rpcUrl]),
    )
    localEns = Object.fromEntries(
      Object.entries(manifest.networks).flatMap(([slug, deployment]) =>
        deployment.ens ? [[slug, deployment.ens.registry]] : [],
      ),
    )
    contracts = liquidityContracts(manifest)
  } catch {
    rpcUrls = Object.fromEntries(networks.map((network) => [network.slug, localRpcUrl(network)]))
  }
  const environment = env.OXBOW_ENVIRONMENT === 'mainnet' ? 'mainnet' : 'local'
  const candidate = {
    ...defaultRuntimeConfig,
    environment: env.OXBOW_ENVIRONMENT ?? defaultRuntimeConfig.environment,
    apiUrl: env.OXBOW_API_URL ?? defaultRuntimeConfig.apiUrl,
    graphqlUrl: env.OXBOW_GRAPHQL_URL ?? defaultRuntimeConfig.graphqlUrl,
    rpcUrls,
    networks: networks.map((network) => {
      const explorer = blockExplorerOf(network, environment)
      const ensRegistry =
        environment === 'mainnet' ? network.mainnet.contracts.ensRegistry : localEns[network.slug]
      return {
        slug: network.slug,
        name: network.name,
        testnet: network.testnet,
        chainId: network[environment].chainId,
        nativeSymbol: network.nativeCurrency.symbol,
        ...(explorer ? { explorer: { name: explorer.name, url: explorer.url } } : {}),
        ...(ensRegistry ? { ensRegistry } : {}),
        batching: network.capabilities.batching,
        limitOrders: network.capabilities.limitOrders,
      }
    }),
    productionHostname: env.OXBOW_PRODUCTION_HOSTNAME ?? defaultRuntimeConfig.productionHostname,
    analyticsSampleRate:
      env.OXBOW_ANALYTICS_SAMPLE_RATE === undefined
        ? defaultRuntimeConfig.analyticsSampleRate
        : Number(env.OXBOW_ANALYTICS_SAMPLE_RATE),
    walletConnect: walletConnectConfig(environment, env),
    ...(env.OXBOW_ORIGIN_COUNTRY ? { originCountry: env.OXBOW_ORIGIN_COUNTRY } : {}),
    ipfsGateway:
      env.OXBOW_IPFS_GATEWAY ??
      (environment === 'local'
        ? `http://127.0.0.1:${env.OXBOW_IPFS_GATEWAY_PORT ?? 8792}/ipfs/`
        : DEFAULT_IPFS_GATEWAY),
    ...(contracts ? { contracts } : {}),
  }
  const parsed = runtimeConfigSchema.safeParse(candidate)
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ')
    throw new Error(`web: invalid runtime configuration (${problems})`)
  }
  // Plain http only for the local sandbox's gateway: the CSP names an http image origin nowhere else.
  const gateway = parsed.data.ipfsGateway
  if (gateway?.startsWith('http:') && !(environment === 'local' && LOOPBACK_HTTP.test(gateway)))
    throw new Error(
      'web: invalid runtime configuration (ipfsGateway: http only on loopback in the local environment)',
    )
  return parsed.data
}

const LOOPBACK_HTTP = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/

/**
 * The contracts the liquidity screens call, per network of the manifest. A protocol version the
 * registry says a network lacks (v4 on ZKsync: the spec's "v2 and v4 unsupported on some chains")
 * gets no addresses, even where the devnet deployed it everywhere: the app then offers that version
 * nowhere on that network.
 */
export function liquidityContracts(manifest: Manifest): NonNullable<RuntimeConfig['contracts']> {
  return Object.fromEntries(
    Object.entries(manifest.networks).map(([slug, { contracts: c }]) => {
      const versions = networks.find((n) => n.slug === slug)?.capabilities.protocolVersions ?? []
      const v2 = versions.includes('v2')
      const v4 = versions.includes('v4')
      return [
        slug,
        {
          weth9: c.weth9,
          permit2: c.permit2,
          ...(v2 ? { v2Router02: c.v2Router02 } : {}),
          v3Factory: c.v3Factory,
          nonfungiblePositionManager: c.nonfungiblePositionManager,
          // The V3Migrator burns v2 LP tokens: no v2, nothing to migrate from.
          ...(v2 ? { v3Migrator: c.v3Migrator } : {}),
          ...(v4
            ? {
                v4PoolManager: c.v4PoolManager,
                v4PositionManager: c.v4PositionManager,
                v4StateView: c.v4StateView,
              }
            : {}),
          universalRouter: c.universalRouter,
        },
      ]
    }),
  )
}
