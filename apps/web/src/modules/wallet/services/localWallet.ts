import { createConnector } from '@wagmi/core'
import {
  type Address,
  createWalletClient,
  custom,
  type EIP1193RequestFn,
  http,
  isAddressEqual,
  numberToHex,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

/** anvil's default mnemonic: accounts 0-9 are the devnet's funded accounts. Local environment only. */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'
const LOCAL_ACCOUNT_COUNT = 10
const AUTHORIZED_KEY = 'oxbow.wallet.localAuthorized'
/** The index of the account last connected (0-9), so a reload restores the same one. */
const ACCOUNT_KEY = 'oxbow.wallet.localAccount'

export const LOCAL_WALLET_ID = 'oxbowLocal'

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
 * The local test wallet: signs in the page with one of the devnet's funded accounts (account 0
 * unless `requestedAccount` names another of the ten at connect time: the `eagerlyConnectAddress`
 * URL parameter). wagmi actions use its client (a viem wallet client with a local account, so
 * transactions are signed here and sent raw); the EIP-1193 provider answers account and chain
 * questions and forwards reads to the RPC.
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
  let account = accountAt(storedAccountIndex())
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
        if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [account.address]
        if (method === 'eth_chainId') return numberToHex(chainId)
        if (method === 'personal_sign') {
          const [message] = params as [`0x${string}`]
          return account.signMessage({ message: { raw: message } })
        }
        const url = rpcUrls.get(chainId)
        if (!url) throw new Error(`No RPC URL for chain ${chainId}`)
        return http(url)({ chain: chainOf(chainId) }).request({ method, params } as never)
      }) as EIP1193RequestFn,
    }
    return {
      id: LOCAL_WALLET_ID,
      name: 'Local test wallet',
      type: 'local',
      async connect(parameters) {
        if (parameters?.chainId) chainId = chainOf(parameters.chainId).id
        if (!parameters?.isReconnecting) {
          // A requested address that is not one of the ten falls back to account 0.
          const wanted = requestedAccount()
          const index = wanted ? indexOf(wanted) : 0
          account = accountAt(index)
          storage()?.setItem(ACCOUNT_KEY, String(index))
        }
        storage()?.setItem(AUTHORIZED_KEY, '1')
        const accounts = parameters?.withCapabilities
          ? [{ address: account.address, capabilities: {} }]
          : [account.address]
        // wagmi's generic return type depends on withCapabilities; both shapes are built above.
        return { accounts: accounts as never, chainId }
      },
      async disconnect() {
        storage()?.removeItem(AUTHORIZED_KEY)
      },
      async getAccounts(): Promise<readonly Address[]> {
        return [account.address]
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
        return createWalletClient({ account, chain, transport: url ? http(url) : custom(provider) })
      },
      async isAuthorized() {
        return storage()?.getItem(AUTHORIZED_KEY) === '1'
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
