/** The wagmi config's chains (from the network registry) and its validated localStorage persistence. */
import { blockExplorerOf, type Network } from '@oxbow/chains'
import { type Chain, defineChain } from 'viem'

export function toChain(
  network: Network,
  environment: 'local' | 'mainnet',
  rpcUrl: string | undefined,
): Chain {
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
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * localStorage for wagmi's persisted state, validated on read: a value that is not JSON, a store
 * without a `state` object, or a malformed recent connector id is dropped (the user simply starts
 * disconnected) instead of breaking the reconnect.
 */
export function validatedStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
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
