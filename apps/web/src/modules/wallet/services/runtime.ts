/**
 * The wallet layer proper (wagmi + viem + connectors). Loaded only through `loadWalletRuntime` when
 * the user opens the connect view or a previous connection must be restored, so none of it is in
 * the initial JavaScript of any page.
 */
import { networks } from '@oxbow/chains'
import {
  type Config,
  type Connector,
  type CreateConnectorFn,
  connect,
  createConfig,
  createStorage,
  disconnect,
  getBalance,
  getConnection,
  http,
  mock,
  reconnect,
  sendTransaction,
  signMessage,
  signTypedData,
  switchChain,
  watchConnection,
  watchConnectors,
} from '@wagmi/core'
import { type Chain, isAddressEqual } from 'viem'
import { getRuntimeConfig } from '../../config/index.ts'
import { embeddedWalletStore, PASSKEY_WALLET_ID, setEmbeddedIntent } from '../state/embeddedWallet.ts'
import { isTestMode } from '../state/testMode.ts'
import { getWalletIntent } from '../state/walletIntent.ts'
import { setHadConnection, setRecentConnectorId, walletStore } from '../state/walletStore.ts'
import { createBatchActions } from './batchCalls.ts'
import type { WalletEntry } from './connectorList.ts'
import { reportConnectFailure } from './failures.ts'
import { LOCAL_WALLET_ID, localWallet, pageWallet } from './localWallet.ts'
import { passkeyAccountSource, signOutPasskey } from './passkeyWallet.ts'
import { asWalletError, createTransactionActions, decodeRevertData } from './transactions.ts'
import { toChain, validatedStorage } from './wagmiSetup.ts'
import type { Hex, ReplacementActions, TypedDataRequest, WalletActions } from './walletActions.ts'

/** Wallets reached through an SDK that is loaded only when chosen. */
const sdkEntries: readonly WalletEntry[] = [
  { id: 'walletConnect', name: 'WalletConnect', kind: 'walletConnect' },
  { id: 'coinbaseWalletSDK', name: 'Coinbase Wallet', kind: 'coinbaseWallet' },
]

/** Test-mode account (anvil account 0). */
const MOCK_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CONNECT_TIMEOUT_MS = 20_000
/**
 * WalletConnect waits for a person to scan the code with another device: the pairing proposal's own
 * lifetime (5 min in core), not the 20 s an in-browser wallet gets.
 */
const WALLETCONNECT_TIMEOUT_MS = 5 * 60_000
function entryOf(connector: Connector): WalletEntry {
  const kind =
    connector.type === 'local' || connector.type === 'mock' || connector.type === 'embedded'
      ? connector.type
      : 'injected'
  const icon = connector.icon?.startsWith('data:image/') ? connector.icon : undefined
  return { id: connector.id, name: connector.name, kind, icon }
}

export interface WalletRuntime extends WalletActions, ReplacementActions {
  readonly config: Config
  connectWallet(id: string): Promise<void>
  /** Connects the passkey embedded wallet: a new wallet ('create') or one unlocked with its passkey. */
  connectPasskey(intent: 'create' | 'unlock'): Promise<void>
  /**
   * Disconnects; the embedded wallet also signs out, and a sign-out the API did not confirm (logged)
   * goes to `onSignOutError` (the wallet is disconnected and locked all the same).
   */
  disconnectWallet(options?: { onSignOutError?: (error: unknown) => void }): Promise<void>
  reconnectWallet(): Promise<void>
  /**
   * The `eagerlyConnect` URL parameter: restores the remembered connection, else connects without
   * asking where a wallet can be chosen for the user (the mock connector in test mode, the local
   * test wallet on the devnet). `address` (the valid `eagerlyConnectAddress`) is the account to
   * connect: the mock connector takes it as is, the local test wallet when it is one of its ten.
   */
  eagerlyConnect(address: Hex | null): Promise<void>
}
export function createWalletRuntime(): WalletRuntime {
  const runtimeConfig = getRuntimeConfig()
  const environment = runtimeConfig.environment
  const testMode = isTestMode(runtimeConfig.productionHostname)
  const offered = networks.filter((network) => runtimeConfig.networks.some((n) => n.slug === network.slug))
  const list = offered.length > 0 ? offered : networks
  const chains = list.map((network) =>
    toChain(network, environment, runtimeConfig.rpcUrls[network.slug]),
  ) as [Chain, ...Chain[]]
  const rpcUrls = new Map(chains.map((chain) => [chain.id, chain.rpcUrls.default.http[0] ?? '']))
  const connectors: CreateConnectorFn[] = []
  /** The account an eager connection asks for (eagerlyConnectAddress), while it connects. */
  let requestedAccount: Hex | null = null
  if (testMode) {
    const account = getWalletIntent().eagerlyConnectAddress ?? MOCK_ACCOUNT
    connectors.push(mock({ accounts: [account], features: { reconnect: true } }))
  } else {
    if (environment === 'local') connectors.push(localWallet(rpcUrls, () => requestedAccount))
    // The passkey embedded wallet (offered by the connect view when its flag is on).
    connectors.push(
      pageWallet(
        rpcUrls,
        passkeyAccountSource(() => embeddedWalletStore.get().intent),
      ),
    )
  }

  const config = createConfig({
    chains,
    connectors,
    // EIP-6963: every injected wallet that announces itself becomes a connector (several at once).
    multiInjectedProviderDiscovery: !testMode,
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http(rpcUrls.get(chain.id))])),
    storage: createStorage({ storage: validatedStorage(), key: 'oxbow.wagmi' }),
    ssr: false,
  })

  const publishWallets = () => {
    const wallets = config.connectors.map(entryOf)
    walletStore.set((state) => ({
      ...state,
      loaded: true,
      wallets: testMode ? wallets : [...wallets, ...sdkEntries],
    }))
  }
  publishWallets()
  watchConnectors(config, { onChange: publishWallets })
  watchConnection(config, {
    onChange(connection) {
      if (connection.status === 'connected') {
        setHadConnection(true)
        walletStore.set((state) => ({
          ...state,
          status: 'connected',
          address: connection.address,
          chainId: connection.chainId,
          targetId: null,
          errorMessage: null,
          pairingUri: null,
          embedded: connection.connector.type === 'embedded',
        }))
      } else if (connection.status === 'disconnected') {
        setHadConnection(false)
        walletStore.set((state) => ({
          ...state,
          status: state.status === 'pending' || state.status === 'failed' ? state.status : 'idle',
          address: null,
          chainId: null,
          embedded: false,
        }))
      }
    },
  })

  /** SDK connectors, set up once (a retry reuses the SDK's provider and its relay connection). */
  const sdkConnectors = new Map<string, Connector>()

  async function connectorFor(id: string): Promise<Connector | CreateConnectorFn> {
    const existing = config.connectors.find((connector) => connector.id === id) ?? sdkConnectors.get(id)
    if (existing) return existing
    if (id === 'walletConnect' || id === 'coinbaseWalletSDK') {
      const sdk = await import('./sdkConnectors.ts')
      const connector = config._internal.connectors.setup(
        sdk.sdkConnector(id, window.location.origin, runtimeConfig),
      )
      // WalletConnect announces each new pairing URI; the connect view shows it as a QR code.
      connector.emitter.on('message', (message) => {
        if (message.type !== 'display_uri' || typeof message.data !== 'string') return
        const uri = message.data
        walletStore.set((state) =>
          state.status === 'pending' && state.targetId === id ? { ...state, pairingUri: uri } : state,
        )
      })
      sdkConnectors.set(id, connector)
      return connector
    }
    throw new Error(`Wagmi connector not found for id ${id}`)
  }
  const { waitForTransaction, replacementActions } = createTransactionActions(config, chains, environment)
  const batchActions = createBatchActions(config, environment, waitForTransaction)

  async function connectWallet(id: string): Promise<void> {
    const entry = walletStore.get().wallets.find((wallet) => wallet.id === id)
    walletStore.set((state) => ({
      ...state,
      status: 'pending',
      targetId: id,
      errorMessage: null,
      pairingUri: null,
    }))
    try {
      const connector = await connectorFor(id)
      let timer: ReturnType<typeof setTimeout> | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('Connection timed out')),
          id === 'walletConnect' ? WALLETCONNECT_TIMEOUT_MS : CONNECT_TIMEOUT_MS,
        )
      })
      try {
        await Promise.race([connect(config, { connector, chainId: chains[0].id }), timeout])
      } finally {
        clearTimeout(timer)
      }
      setRecentConnectorId(id)
      if (id === LOCAL_WALLET_ID || entry) setHadConnection(true)
    } catch (error) {
      const message = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error)
      walletStore.set((state) => ({ ...state, status: 'failed', errorMessage: message, pairingUri: null }))
      reportConnectFailure({
        walletName: entry?.name ?? id,
        walletType: entry?.kind ?? 'unknown',
        page: window.location.pathname,
        message,
      })
    }
  }

  async function reconnectWallet(): Promise<void> {
    walletStore.set((state) => ({ ...state, status: 'reconnecting' }))
    // wagmi reconnects only the connectors it knows; the SDK ones are set up on first choice, so
    // the one last used (its session persisted by the SDK) is set up again before reconnecting.
    const recent = await Promise.resolve(config.storage?.getItem('recentConnectorId')).catch(() => null)
    const restore =
      recent === 'walletConnect' || recent === 'coinbaseWalletSDK'
        ? await connectorFor(recent).catch(() => undefined)
        : undefined
    await reconnect(
      config,
      restore && typeof restore !== 'function' ? { connectors: [...config.connectors, restore] } : {},
    ).catch(() => [])
    if (walletStore.get().status === 'reconnecting') {
      setHadConnection(false)
      walletStore.set((state) => ({ ...state, status: 'idle' }))
    }
  }
  return {
    config,
    ...replacementActions,
    async switchNetwork(chainId) {
      try {
        await switchChain(config, { chainId: chainId })
      } catch (error) {
        asWalletError(error)
      }
    },
    async sendTransaction(request) {
      try {
        return await sendTransaction(config, {
          to: request.to,
          data: request.data,
          value: request.value,
          chainId: request.chainId,
          ...(request.gas === undefined ? {} : { gas: request.gas }),
        })
      } catch (error) {
        return asWalletError(error)
      }
    },
    async signTypedData(request) {
      try {
        // The request is plain data (from the trading API); viem validates the message against
        // `types` at run time, which its literal typing cannot express here.
        const sign = signTypedData as (config: Config, request: TypedDataRequest) => Promise<Hex>
        return await sign(config, request)
      } catch (error) {
        return asWalletError(error)
      }
    },
    async signMessage(message) {
      try {
        return await signMessage(config, { message })
      } catch (error) {
        return asWalletError(error)
      }
    },
    async waitForTransaction(chainId, hash, options) {
      try {
        return await waitForTransaction(chainId, hash, options)
      } catch (error) {
        return asWalletError(error)
      }
    },
    async readNativeBalance(chainId, address) {
      const balance = await getBalance(config, {
        address,
        chainId: chainId,
      })
      return balance.value
    },
    decodeRevert: decodeRevertData,
    ...batchActions,
    connectWallet,
    connectPasskey(intent) {
      setEmbeddedIntent(intent)
      return connectWallet(PASSKEY_WALLET_ID)
    },
    async disconnectWallet(options) {
      // The embedded wallet signs out here, so a failure reaches the caller (its connector's own
      // disconnect then finds nothing left to end); passed on once disconnected, so the caller
      // sees no connected wallet any more.
      const failures: unknown[] = []
      if (getConnection(config).connector?.id === PASSKEY_WALLET_ID)
        await signOutPasskey((error) => failures.push(error))
      await disconnect(config)
      setHadConnection(false)
      walletStore.set((state) => ({ ...state, status: 'idle', address: null, chainId: null }))
      for (const error of failures) options?.onSignOutError?.(error)
    },
    reconnectWallet,
    async eagerlyConnect(address) {
      await reconnectWallet()
      const state = walletStore.get()
      const wanted = (current: Hex | null) =>
        address === null || (current !== null && isAddressEqual(current, address))
      if (state.status === 'connected' && wanted(state.address)) return
      const id = testMode ? 'mock' : environment === 'local' ? LOCAL_WALLET_ID : null
      if (!id) return
      if (state.status === 'connected') {
        // Connected as another account: only a wallet we choose for can switch to the asked one.
        if (getConnection(config).connector?.id !== id) return
        await disconnect(config)
      }
      requestedAccount = address
      try {
        await connectWallet(id)
      } finally {
        requestedAccount = null
      }
    },
  }
}
