import { delegateOf, SIMPLE_7702_ACCOUNT_ADDRESS, simple7702AccountAbi } from '@oxbow/protocol/delegation'
import { createConnector } from '@wagmi/core'
import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  custom,
  type EIP1193RequestFn,
  encodeFunctionData,
  type Hex,
  http,
  isAddressEqual,
  type LocalAccount,
  numberToHex,
  zeroAddress,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

/** anvil's default mnemonic: accounts 0-9 are the devnet's funded accounts. Local environment only. */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'
const LOCAL_ACCOUNT_COUNT = 10
const AUTHORIZED_KEY = 'oxbow.wallet.localAuthorized'
/** The page wallets' own request for the smart-wallet setting (no EIP-1193 method sets a delegation). */
export const SET_DELEGATION_METHOD = 'oxbow_setDelegation'
/** The index of the account last connected (0-9), so a reload restores the same one. */
const ACCOUNT_KEY = 'oxbow.wallet.localAccount'

export const LOCAL_WALLET_ID = 'oxbowLocal'

/** EIP-5792 `wallet_sendCalls` parameters (version 2.0.0). */
interface SendCallsRequest {
  readonly version?: string
  readonly chainId: Hex
  readonly from?: Address
  readonly atomicRequired?: boolean
  readonly calls: readonly { readonly to: Address; readonly data?: Hex; readonly value?: Hex }[]
}

function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

function storedAccountIndex(): number {
  const value = storage()?.getItem(ACCOUNT_KEY) ?? '0'
  const index = /^\d$/.test(value) ? Number(value) : 0
  return index < LOCAL_ACCOUNT_COUNT ? index : 0
}

/**
 * Where a wallet that signs in the page gets its account: the local test wallet derives one of
 * anvil's accounts, the passkey embedded wallet decrypts its key after a passkey unlock.
 */
export interface PageAccountSource {
  readonly id: string
  readonly name: string
  readonly type: string
  /** The account to connect (asks the user when it must, e.g. a passkey ceremony). */
  connect(isReconnecting: boolean): Promise<LocalAccount>
  disconnect(): Promise<void>
  isAuthorized(): Promise<boolean>
}

/**
 * A wallet that signs in the page: wagmi actions use its client (a viem wallet client with a
 * local account, so transactions are signed here and sent raw); the EIP-1193 provider answers
 * account and chain questions, EIP-5792 batching (through the devnet's Simple7702Account) and
 * forwards reads to the RPC.
 */
export function pageWallet(rpcUrls: ReadonlyMap<number, string>, source: PageAccountSource) {
  let account: LocalAccount | null = null
  const current = () => {
    if (!account) throw new Error('Wallet locked')
    return account
  }
  type Provider = { request: EIP1193RequestFn }
  return createConnector<Provider>((config) => {
    let chainId = config.chains[0].id
    const chainOf = (id: number) => {
      const chain = config.chains.find((candidate) => candidate.id === id)
      if (!chain) throw new Error(`Unsupported network (chain ${id})`)
      return chain
    }
    const provider: Provider = {
      request: (async ({ method, params }: { method: string; params?: unknown }) => {
        if (method === 'eth_accounts' || method === 'eth_requestAccounts')
          return account ? [account.address] : []
        if (method === 'eth_chainId') return numberToHex(chainId)
        if (method === 'personal_sign') {
          const [message] = params as [`0x${string}`]
          return current().signMessage({ message: { raw: message } })
        }
        if (method === 'wallet_getCapabilities') return capabilities(current(), chainIds(params))
        if (method === 'wallet_sendCalls') {
          const [request] = params as [SendCallsRequest]
          return sendCalls(current(), chainOf(Number(request.chainId)), request)
        }
        if (method === SET_DELEGATION_METHOD) {
          const [request] = params as [{ chainId: Hex; enabled: boolean }]
          return setDelegation(current(), chainOf(Number(request.chainId)), request.enabled === true)
        }
        if (method === 'wallet_getCallsStatus') {
          const [id] = params as [Hex]
          return callsStatus(id)
        }
        const url = rpcUrls.get(chainId)
        if (!url) throw new Error(`No RPC URL for chain ${chainId}`)
        return http(url)({ chain: chainOf(chainId) }).request({ method, params } as never)
      }) as EIP1193RequestFn,
    }
    const clientsFor = (chain: Chain) => {
      const url = rpcUrls.get(chain.id)
      if (!url) throw new Error(`No RPC URL for chain ${chain.id}`)
      const transport = http(url)
      return { read: createPublicClient({ chain, transport }), url, transport }
    }
    const chainIds = (params: unknown): number[] => {
      const asked = (params as [unknown, unknown[]?] | undefined)?.[1]
      return Array.isArray(asked) ? asked.map((id) => Number(id)) : config.chains.map((chain) => chain.id)
    }
    /**
     * EIP-5792 capabilities: atomic batching everywhere (the devnet has our delegate on every
     * network): 'supported' once the account delegates to it, 'ready' while the wallet would upgrade
     * the account on the first batch, 'unsupported' when it delegates elsewhere.
     */
    async function capabilities(owner: LocalAccount, ids: readonly number[]) {
      const entries = await Promise.all(
        ids
          .filter((id) => config.chains.some((chain) => chain.id === id) && rpcUrls.has(id))
          .map(async (id) => {
            const code = await clientsFor(chainOf(id)).read.getCode({ address: owner.address })
            const delegate = delegateOf(code)
            const status =
              delegate === SIMPLE_7702_ACCOUNT_ADDRESS
                ? 'supported'
                : delegate === null && (code === undefined || code === '0x')
                  ? 'ready'
                  : 'unsupported'
            return [numberToHex(id), { atomic: { status } }] as const
          }),
      )
      return Object.fromEntries(entries)
    }
    /** Which chain each call bundle (its id is the transaction hash) was sent on. */
    const bundles = new Map<Hex, number>()
    /**
     * wallet_sendCalls: every call in one transaction to the account itself, through the delegate's
     * executeBatch (atomic: all or nothing); an account not delegated yet signs the EIP-7702
     * authorization and carries it in the same transaction.
     */
    async function sendCalls(
      owner: LocalAccount,
      chain: Chain,
      request: SendCallsRequest,
    ): Promise<{ id: Hex }> {
      if (request.from && !isAddressEqual(request.from, owner.address)) throw new Error('Unknown account')
      const { read, transport } = clientsFor(chain)
      const wallet = createWalletClient({ account: owner, chain, transport })
      const code = await read.getCode({ address: owner.address })
      const delegated = delegateOf(code) === SIMPLE_7702_ACCOUNT_ADDRESS
      const authorization = delegated
        ? undefined
        : await wallet.signAuthorization({ contractAddress: SIMPLE_7702_ACCOUNT_ADDRESS, executor: 'self' })
      const calls = request.calls.map((call) => ({
        target: call.to,
        value: call.value === undefined ? 0n : BigInt(call.value),
        data: call.data ?? '0x',
      }))
      const hash = await wallet.sendTransaction({
        to: owner.address,
        data: encodeFunctionData({ abi: simple7702AccountAbi, functionName: 'executeBatch', args: [calls] }),
        ...(authorization ? { authorizationList: [authorization] } : {}),
      })
      bundles.set(hash, chain.id)
      return { id: hash }
    }
    /**
     * The smart-wallet setting: an EIP-7702 authorization to our delegate (upgrade) or to the zero
     * address (remove: the account's code is cleared), carried by a 0-value call to the account
     * itself. Resolves with the transaction hash.
     */
    async function setDelegation(owner: LocalAccount, chain: Chain, enabled: boolean): Promise<Hex> {
      const { transport } = clientsFor(chain)
      const wallet = createWalletClient({ account: owner, chain, transport })
      const authorization = await wallet.signAuthorization({
        contractAddress: enabled ? SIMPLE_7702_ACCOUNT_ADDRESS : zeroAddress,
        executor: 'self',
      })
      return wallet.sendTransaction({ to: owner.address, data: '0x', authorizationList: [authorization] })
    }
    /** wallet_getCallsStatus: 100 pending, 200 confirmed, 500 reverted (EIP-5792 codes). */
    async function callsStatus(id: Hex) {
      const bundleChain = bundles.get(id)
      if (bundleChain === undefined) throw new Error('Unknown bundle id')
      const { read } = clientsFor(chainOf(bundleChain))
      const receipt = await read.getTransactionReceipt({ hash: id }).catch(() => null)
      const base = { version: '2.0.0', id, chainId: numberToHex(bundleChain), atomic: true }
      if (!receipt) return { ...base, status: 100 }
      return {
        ...base,
        status: receipt.status === 'success' ? 200 : 500,
        receipts: [
          {
            logs: receipt.logs.map((log) => ({ address: log.address, topics: log.topics, data: log.data })),
            status: receipt.status === 'success' ? '0x1' : '0x0',
            blockHash: receipt.blockHash,
            blockNumber: numberToHex(receipt.blockNumber),
            gasUsed: numberToHex(receipt.gasUsed),
            transactionHash: receipt.transactionHash,
          },
        ],
      }
    }
    return {
      id: source.id,
      name: source.name,
      type: source.type,
      async connect(parameters) {
        if (parameters?.chainId) chainId = chainOf(parameters.chainId).id
        account = await source.connect(parameters?.isReconnecting === true)
        const accounts = parameters?.withCapabilities
          ? [{ address: account.address, capabilities: {} }]
          : [account.address]
        // wagmi's generic return type depends on withCapabilities; both shapes are built above.
        return { accounts: accounts as never, chainId }
      },
      async disconnect() {
        account = null
        await source.disconnect()
      },
      async getAccounts(): Promise<readonly Address[]> {
        return account ? [account.address] : []
      },
      async getChainId() {
        return chainId
      },
      async getProvider() {
        return provider
      },
      async getClient(parameters) {
        const chain = chainOf(parameters?.chainId ?? chainId)
        const url = rpcUrls.get(chain.id)
        return createWalletClient({
          account: current(),
          chain,
          transport: url ? http(url) : custom(provider),
        })
      },
      async isAuthorized() {
        return source.isAuthorized()
      },
      async switchChain({ chainId: next }) {
        const chain = chainOf(next)
        chainId = chain.id
        config.emitter.emit('change', { chainId })
        return chain
      },
      onAccountsChanged() {},
      onChainChanged(next) {
        chainId = Number(next)
        config.emitter.emit('change', { chainId })
      },
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}

/**
 * The local test wallet: signs in the page with one of the devnet's funded accounts (account 0
 * unless `requestedAccount` names another of the ten at connect time: the `eagerlyConnectAddress`
 * URL parameter).
 */
export function localWallet(
  rpcUrls: ReadonlyMap<number, string>,
  requestedAccount: () => Address | null = () => null,
) {
  // Derived when first needed (each derivation stretches the mnemonic again).
  const derived = new Map<number, ReturnType<typeof mnemonicToAccount>>()
  const accountAt = (addressIndex: number) => {
    let found = derived.get(addressIndex)
    if (!found) {
      found = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex })
      derived.set(addressIndex, found)
    }
    return found
  }
  const indexOf = (address: Address): number => {
    for (let index = 0; index < LOCAL_ACCOUNT_COUNT; index++) {
      if (isAddressEqual(accountAt(index).address, address)) return index
    }
    return 0
  }
  return pageWallet(rpcUrls, {
    id: LOCAL_WALLET_ID,
    name: 'Local test wallet',
    type: 'local',
    async connect(isReconnecting) {
      let index = storedAccountIndex()
      if (!isReconnecting) {
        // A requested address that is not one of the ten falls back to account 0.
        const wanted = requestedAccount()
        index = wanted ? indexOf(wanted) : 0
        storage()?.setItem(ACCOUNT_KEY, String(index))
      }
      storage()?.setItem(AUTHORIZED_KEY, '1')
      return accountAt(index)
    },
    async disconnect() {
      storage()?.removeItem(AUTHORIZED_KEY)
    },
    async isAuthorized() {
      return storage()?.getItem(AUTHORIZED_KEY) === '1'
    },
  })
}
