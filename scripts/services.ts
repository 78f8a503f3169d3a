/**
 * What `npm start` runs, in order. Each service is a workspace script that prints a line starting
 * with `ready` once it serves (the orchestrator waits for it before starting the next one).
 * Add a service here when its app is wired in; keep the order of dependencies.
 */
export interface Service {
  /** Short label used as the log prefix. */
  readonly name: string
  readonly workspace: string
  /** npm script of that workspace that runs the service in the foreground. */
  readonly script: string
  /** Seconds to wait for the `ready` line before giving up. */
  readonly readyTimeoutSeconds: number
  /** Environment the service gets on top of npm start's own (which wins when it sets the same). */
  readonly env?: (env: NodeJS.ProcessEnv) => Record<string, string>
  /**
   * Started again when it dies after being ready: it keeps its state outside the process (the
   * API's and the indexer's databases, the chain) or has none.
   */
  readonly restartable: boolean
}

/** The indexer's GraphQL endpoint as the indexer serves it (apps/indexer/scripts/serve.ts). */
export function indexerUrl(env: NodeJS.ProcessEnv): string {
  return `http://127.0.0.1:${env.OXBOW_INDEXER_PORT ?? '42069'}/graphql`
}

/**
 * The address `npm start`'s API blocks (its screening list), so a newcomer can see the
 * blocked-address notice: anvil's account 9 of the default mnemonic (the local test wallet offers
 * it with `?eagerlyConnect=true&eagerlyConnectAddress=0xa0Ee7A142d267C1f36714E4a8F75612F20a79720`).
 * Set OXBOW_BLOCKLIST (empty: nothing blocked) to replace it.
 */
export const DEVNET_BLOCKED_ADDRESS = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

/**
 * Flags `npm start`'s API turns on beyond the defaults (OXBOW_FLAGS, see apps/api/README.md): the
 * passkey embedded wallet in the connect view and batched (EIP-5792) swaps for delegated accounts.
 * Set OXBOW_FLAGS (empty: the defaults) to replace it.
 */
export const LOCAL_FLAGS = 'embeddedWallet,batchedSwaps'

export const services: readonly Service[] = [
  // The chains live in the anvil processes' memory: a new devnet would not be the one the
  // databases indexed, so its death stops everything.
  {
    name: 'devnet',
    workspace: '@oxbow/devnet',
    script: 'serve',
    readyTimeoutSeconds: 300,
    restartable: false,
  },
  {
    name: 'api',
    workspace: '@oxbow/api',
    script: 'serve',
    readyTimeoutSeconds: 120,
    restartable: true,
    // USD figures are the indexer's market prices (the API asks it lazily, so order does not matter)
    env: (env) => ({
      OXBOW_INDEXER_URL: indexerUrl(env),
      OXBOW_BLOCKLIST: DEVNET_BLOCKED_ADDRESS,
      // The local product shows what is built: the passkey login and one-click (batched) swaps.
      OXBOW_FLAGS: LOCAL_FLAGS,
    }),
  },
  { name: 'filler', workspace: '@oxbow/api', script: 'filler', readyTimeoutSeconds: 60, restartable: true },
  {
    name: 'indexer',
    workspace: '@oxbow/indexer',
    script: 'serve',
    readyTimeoutSeconds: 600,
    restartable: true,
  },
  {
    name: 'wc-relay',
    workspace: '@oxbow/sandbox',
    script: 'serve',
    readyTimeoutSeconds: 60,
    restartable: true,
  },
  { name: 'web', workspace: '@oxbow/web', script: 'serve', readyTimeoutSeconds: 180, restartable: true },
]
