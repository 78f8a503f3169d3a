/**
 * The wallet layer proper (wagmi + viem + connectors). Loaded only through `loadWalletRuntime` when
 * the user opens the connect view or a previous connection must be restored, so none of it is in
 * the initial JavaScript of any page.
 */
import { blockExplorerOf, type Network, networks } from '@oxbow/chains'
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
  getPublicClient,
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
import { type Chain, defineChain, type EIP1193RequestFn, isAddressEqual, isHex, numberToHex } from 'viem'
import { getRuntimeConfig } from '../../config/index.ts'
import { embeddedWalletStore, PASSKEY_WALLET_ID, setEmbeddedIntent } from '../state/embeddedWallet.ts'
import { findTrackedTransaction } from '../state/pendingTransactions.ts'
import { isTestMode } from '../state/testMode.ts'
import { getWalletIntent } from '../state/walletIntent.ts'
import { setHadConnection, setRecentConnectorId, walletStore } from '../state/walletStore.ts'
import type { WalletEntry } from './connectorList.ts'
import { reportConnectFailure } from './failures.ts'
import { LOCAL_WALLET_ID, localWallet, pageWallet } from './localWallet.ts'
import { passkeyAccountSource } from './passkeyWallet.ts'
import { hashesOf } from './reconcilePending.ts'
import type { Fees, SentTransaction } from './replaceTransaction.ts'
import type {
  DecodedRevertInfo,
  Hex,
  ReplacementActions,
  TransactionOutcome,
  TypedDataRequest,
  WalletActions,
} from './walletActions.ts'
import {
  classifyWalletError,
  findRevertData,
  firstLine,
  isHexString,
  WalletActionError,
} from './walletErrors.ts'

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

function toChain(network: Network, environment: 'local' | 'mainnet', rpcUrl: string | undefined): Chain {
  const env = network[environment]
  const explorer = blockExplorerOf(network, environment)
  return defineChain({
    id: env.chainId,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl ?? env.rpcUrl] } },
    ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
    testnet: environment === 'local' || network.testnet,
  })
}

function entryOf(connector: Connector): WalletEntry {
  const kind =
    connector.type === 'local' || connector.type === 'mock' || connector.type === 'embedded'
      ? connector.type
      : 'injected'
  const icon = connector.icon?.startsWith('data:image/') ? connector.icon : undefined
  return { id: connector.id, name: connector.name, kind, icon }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * localStorage for wagmi's persisted state, validated on read: a value that is not JSON, a store
 * without a `state` object, or a malformed recent connector id is dropped (the user simply starts
 * disconnected) instead of breaking the reconnect.
 */
function validatedStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const safe = <T>(run: (storage: Storage) => T, fallback: T): T => {
    try {
      return run(window.localStorage)
    } catch {
      return fallback
    }
  }
  const valid = (key: string, value: unknown): boolean => {
    if (key.endsWith('.store')) return isRecord(value) && isRecord(value.state)
    if (key.endsWith('.recentConnectorId'))
      return typeof value === 'string' && /^[A-Za-z0-9._-]{1,100}$/.test(value)
    return true
  }
  return {
    getItem: (key) =>
      safe((storage) => {
        const raw = storage.getItem(key)
        if (raw === null) return null
        try {
          if (valid(key, JSON.parse(raw))) return raw
        } catch {}
        storage.removeItem(key)
        return null
      }, null),
    setItem: (key, value) => safe((storage) => storage.setItem(key, value), undefined),
    removeItem: (key) => safe((storage) => storage.removeItem(key), undefined),
  }
}

export interface WalletRuntime extends WalletActions, ReplacementActions {
  readonly config: Config
  connectWallet(id: string): Promise<void>
  /** Connects the passkey embedded wallet: a new wallet ('create') or one unlocked with its passkey. */
  connectPasskey(intent: 'create' | 'unlock'): Promise<void>
  disconnectWallet(): Promise<void>
  reconnectWallet(): Promise<void>
  /**
   * The `eagerlyConnect` URL parameter: restores the remembered connection, else connects without
   * asking where a wallet can be chosen for the user (the mock connector in test mode, the local
   * test wallet on the devnet). `address` (the valid `eagerlyConnectAddress`) is the account to
   * connect: the mock connector takes it as is, the local test wallet when it is one of its ten.
   */
  eagerlyConnect(address: Hex | null): Promise<void>
}

const RECEIPT_TIMEOUT_MS = 5 * 60_000

/** Re-throws any wallet/node error as a WalletActionError with its kind. */
/** A connector's EIP-1193 provider, as far as batching needs it. */
type Eip1193 = { request: EIP1193RequestFn }

function asWalletError(error: unknown): never {
  if (error instanceof WalletActionError) throw error
  throw new WalletActionError(classifyWalletError(error), firstLine(error), { cause: error })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Decodes revert data against the protocol's errors. The selector table (and @oxbow/protocol) is
 * its own chunk, loaded only when a transaction reverted.
 */
async function decodeRevertData(data: Hex): Promise<DecodedRevertInfo> {
  const { decodeRevert } = await import('@oxbow/protocol/errors')
  const convert = (d: ReturnType<typeof decodeRevert>): DecodedRevertInfo => ({
    name: d.name,
    args: d.args,
    ...(d.inner ? { inner: convert(d.inner) } : {}),
  })
  return convert(decodeRevert(data))
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

  const publicClient = (chainId: number) => {
    if (!chains.some((chain) => chain.id === chainId))
      throw new WalletActionError('unknown', `Unsupported network (chain ${chainId})`)
    const client = getPublicClient(config, { chainId })
    if (!client) throw new WalletActionError('unknown', `No client for chain ${chainId}`)
    return client
  }

  async function waitForTransaction(
    chainId: number,
    hash: Hex,
    options: { timeoutMs?: number; pollMs?: number } = {},
  ): Promise<TransactionOutcome> {
    const client = publicClient(chainId)
    const pollMs = options.pollMs ?? (environment === 'local' ? 100 : 1000)
    const giveUpAt = Date.now() + (options.timeoutMs ?? RECEIPT_TIMEOUT_MS)
    // A plain polling loop: the first look is immediate (the devnet mines on arrival), and the
    // interval is ours, not the transport's 4 s default.
    const outcomeOf = async (txHash: Hex): Promise<TransactionOutcome | null> => {
      const receipt = await client.getTransactionReceipt({ hash: txHash }).catch((error: unknown) => {
        if (error instanceof Error && error.name === 'TransactionReceiptNotFoundError') return null
        throw error
      })
      if (!receipt) return null
      const logs = receipt.logs.map((log) => ({ address: log.address, topics: log.topics, data: log.data }))
      if (receipt.status === 'success') return { status: 'success', blockNumber: receipt.blockNumber, logs }
      const revertData = await replayForRevert(chainId, txHash, receipt.blockNumber)
      return {
        status: 'reverted',
        blockNumber: receipt.blockNumber,
        logs,
        ...(revertData ? { revertData, revert: await decodeRevertData(revertData) } : {}),
      }
    }
    for (;;) {
      const outcome = await outcomeOf(hash)
      if (outcome) return outcome
      // Sped up or canceled from Activity: the tracked hash (same nonce) is the one to wait for.
      const tracked = findTrackedTransaction(hash)
      for (const other of tracked ? hashesOf(tracked) : []) {
        if (other.toLowerCase() === hash.toLowerCase()) continue
        const replaced = await outcomeOf(other)
        if (!replaced) continue
        const isCancel =
          other === tracked?.hash && tracked.status !== undefined && tracked.status !== 'pending'
        if (isCancel) throw new WalletActionError('canceled', `${hash} was canceled by ${other}`)
        return replaced
      }
      if (Date.now() + pollMs > giveUpAt)
        throw new WalletActionError('timeout', `No receipt for ${hash} in time`)
      await sleep(pollMs)
    }
  }

  /** Replays a reverted transaction with eth_call at its block to read the revert data. */
  async function replayForRevert(chainId: number, hash: Hex, blockNumber: bigint): Promise<Hex | undefined> {
    const client = publicClient(chainId)
    try {
      const tx = await client.getTransaction({ hash })
      if (!tx.to) return undefined
      await client.call({
        account: tx.from,
        to: tx.to,
        data: tx.input,
        value: tx.value,
        gas: tx.gas,
        blockNumber,
      })
      return undefined
    } catch (error) {
      const data = findRevertData(error)
      return data && isHexString(data) ? data : undefined
    }
  }

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

  const feesOf = (tx: {
    maxFeePerGas?: bigint | undefined
    maxPriorityFeePerGas?: bigint | undefined
    gasPrice?: bigint | undefined
  }): Fees =>
    tx.maxFeePerGas !== undefined && tx.maxPriorityFeePerGas !== undefined
      ? { type: 'eip1559', maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas }
      : { type: 'legacy', gasPrice: tx.gasPrice ?? 0n }

  const replacementActions: ReplacementActions = {
    async readTransaction(chainId, hash) {
      try {
        const tx = await publicClient(chainId)
          .getTransaction({ hash })
          .catch((error: unknown) => {
            if (error instanceof Error && error.name === 'TransactionNotFoundError') return null
            throw error
          })
        if (!tx) return null
        return {
          hash: tx.hash,
          from: tx.from,
          to: tx.to,
          data: tx.input,
          value: tx.value,
          nonce: tx.nonce,
          gas: tx.gas,
          fees: feesOf(tx),
          blockNumber: tx.blockNumber,
        } satisfies SentTransaction
      } catch (error) {
        return asWalletError(error)
      }
    },
    async networkFees(chainId) {
      try {
        const client = publicClient(chainId)
        const [block, fees] = await Promise.all([
          client.getBlock({ blockTag: 'latest' }),
          client.estimateFeesPerGas(),
        ])
        return { baseFeePerGas: block.baseFeePerGas ?? 0n, fees: feesOf(fees) }
      } catch (error) {
        return asWalletError(error)
      }
    },
    async estimateCancelGas(chainId, account) {
      try {
        const client = publicClient(chainId)
        const code = await client.getCode({ address: account })
        if (code === undefined || code === '0x') return 21_000n
        return await client.estimateGas({ account, to: account, value: 0n, data: '0x' })
      } catch (error) {
        return asWalletError(error)
      }
    },
    async confirmedNonce(chainId, account) {
      try {
        return await publicClient(chainId).getTransactionCount({ address: account, blockTag: 'latest' })
      } catch (error) {
        return asWalletError(error)
      }
    },
    async receiptStatus(chainId, hash) {
      try {
        const receipt = await publicClient(chainId)
          .getTransactionReceipt({ hash })
          .catch((error: unknown) => {
            if (error instanceof Error && error.name === 'TransactionReceiptNotFoundError') return null
            throw error
          })
        return receipt ? receipt.status : null
      } catch (error) {
        return asWalletError(error)
      }
    },
    async sendReplacement(request) {
      try {
        const { address } = getConnection(config)
        if (!address || !isAddressEqual(address, request.from))
          throw new WalletActionError('unknown', 'The transaction was sent from another account')
        const fees =
          request.fees.type === 'eip1559'
            ? {
                type: 'eip1559' as const,
                maxFeePerGas: request.fees.maxFeePerGas,
                maxPriorityFeePerGas: request.fees.maxPriorityFeePerGas,
              }
            : { type: 'legacy' as const, gasPrice: request.fees.gasPrice }
        return await sendTransaction(config, {
          chainId: request.chainId,
          to: request.to,
          data: request.data,
          value: request.value,
          gas: request.gas,
          nonce: request.nonce,
          ...fees,
        })
      } catch (error) {
        return asWalletError(error)
      }
    },
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
    async atomicBatching(chainId) {
      try {
        const { connector, address } = getConnection(config)
        if (!connector || !address) return 'unsupported'
        const provider = (await connector.getProvider()) as Eip1193 | undefined
        if (!provider) return 'unsupported'
        const answer = (await provider.request({
          method: 'wallet_getCapabilities',
          params: [address, [numberToHex(chainId)]],
        })) as Record<string, { atomic?: { status?: unknown } } | undefined> | undefined
        const status = answer?.[numberToHex(chainId)]?.atomic?.status
        return status === 'supported' || status === 'ready' ? status : 'unsupported'
      } catch (error) {
        // The spec: a capabilities failure is logged and treated as unsupported.
        console.warn('wallet_getCapabilities failed; batching treated as unsupported', firstLine(error))
        return 'unsupported'
      }
    },
    async sendCalls(request) {
      try {
        const { connector, address } = getConnection(config)
        if (!connector || !address) throw new WalletActionError('unknown', 'No wallet connected')
        const provider = (await connector.getProvider()) as Eip1193
        const answer = (await provider.request({
          method: 'wallet_sendCalls',
          params: [
            {
              version: '2.0.0',
              chainId: numberToHex(request.chainId),
              from: address,
              atomicRequired: true,
              calls: request.calls.map((call) => ({
                to: call.to,
                data: call.data,
                value: numberToHex(call.value),
              })),
            },
          ],
        })) as { id?: unknown } | string
        const id = typeof answer === 'string' ? answer : answer?.id
        if (typeof id !== 'string' || id.length === 0 || id.length > 200) {
          throw new WalletActionError('unknown', 'wallet_sendCalls returned no bundle id')
        }
        return id
      } catch (error) {
        return asWalletError(error)
      }
    },
    async waitForCalls(chainId, id, options) {
      try {
        const { connector } = getConnection(config)
        if (!connector) throw new WalletActionError('unknown', 'No wallet connected')
        const provider = (await connector.getProvider()) as Eip1193
        const pollMs = options?.pollMs ?? (environment === 'local' ? 100 : 1000)
        const giveUpAt = Date.now() + (options?.timeoutMs ?? RECEIPT_TIMEOUT_MS)
        for (;;) {
          const status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
            status?: unknown
            receipts?: readonly { transactionHash?: unknown }[]
          }
          const hash = status.receipts?.[0]?.transactionHash
          if (
            typeof status.status === 'number' &&
            status.status >= 200 &&
            typeof hash === 'string' &&
            isHex(hash)
          ) {
            const outcome = await waitForTransaction(chainId, hash, options)
            return { ...outcome, hash }
          }
          if (typeof status.status === 'number' && status.status >= 400 && !hash) {
            throw new WalletActionError('unknown', `The wallet could not send the batch (${status.status})`)
          }
          if (Date.now() + pollMs > giveUpAt)
            throw new WalletActionError('timeout', 'The batch was not mined in time')
          await sleep(pollMs)
        }
      } catch (error) {
        return asWalletError(error)
      }
    },
    connectWallet,
    connectPasskey(intent) {
      setEmbeddedIntent(intent)
      return connectWallet(PASSKEY_WALLET_ID)
    },
    async disconnectWallet() {
      await disconnect(config)
      setHadConnection(false)
      walletStore.set((state) => ({ ...state, status: 'idle', address: null, chainId: null }))
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
