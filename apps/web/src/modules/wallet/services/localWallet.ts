import { createConnector } from '@wagmi/core'
import { type Address, createWalletClient, custom, type EIP1193RequestFn, http, numberToHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

/** anvil's default mnemonic: account 0 is the devnet's funded account. Local environment only. */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'
const AUTHORIZED_KEY = 'oxbow.wallet.localAuthorized'

export const LOCAL_WALLET_ID = 'oxbowLocal'

function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/**
 * The local test wallet: signs in the page with the devnet's funded account 0. wagmi actions use
 * its client (a viem wallet client with a local account, so transactions are signed here and sent
 * raw); the EIP-1193 provider answers account and chain questions and forwards reads to the RPC.
 */
export function localWallet(rpcUrls: ReadonlyMap<number, string>) {
  const account = mnemonicToAccount(ANVIL_MNEMONIC)
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
