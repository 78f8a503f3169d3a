/**
 * The providers' devnet treasury: a funded devnet account that pays out bought crypto and receives
 * sold crypto. Sends are serialised per network (one nonce sequence), and a sell's deposit is
 * checked on chain from its receipt, never taken on the client's word.
 */
import type { Manifest } from '@oxbow/protocol'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  type Hex,
  http,
  isAddressEqual,
  parseEventLogs,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

export interface CryptoAsset {
  readonly symbol: string
  readonly network: string
  /** null: the network's native currency. */
  readonly address: Address | null
  readonly decimals: number
  readonly priceUsd: number
}

export interface Treasury {
  readonly address: Address
  assets(): readonly CryptoAsset[]
  asset(symbol: string, network: string): CryptoAsset | undefined
  /** Sends `amount` base units to `to`; resolves with the hash once the transaction is mined successfully. */
  send(asset: CryptoAsset, to: Address, amount: bigint): Promise<Hex>
  /** Checks that `hash` moved at least `amount` of `asset` from `from` to the treasury. */
  verifyDeposit(asset: CryptoAsset, hash: Hex, from: Address, amount: bigint): Promise<boolean>
}

/** Assets the providers offer: each network's native currency and its USDC. */
const OFFERED = ['USDC']

export function createTreasury(manifest: Manifest): Treasury {
  const treasuryAccount = manifest.accounts.at(-1)
  if (!treasuryAccount) throw new Error('the manifest lists no funded account for the treasury')
  const account = privateKeyToAccount(treasuryAccount.privateKey as Hex)
  const assets: CryptoAsset[] = []
  const clients = new Map<
    string,
    { public: ReturnType<typeof createPublicClient>; wallet: ReturnType<typeof createWalletClient> }
  >()
  const queues = new Map<string, Promise<unknown>>()

  for (const [slug, network] of Object.entries(manifest.networks)) {
    if (!network) continue
    const chain = defineChain({
      id: network.chainId,
      name: slug,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [network.rpcUrl] } },
    })
    const transport = http(network.rpcUrl)
    clients.set(slug, {
      public: createPublicClient({ chain, transport, pollingInterval: 50 }),
      wallet: createWalletClient({ chain, transport, account }),
    })
    const wrapped = network.tokens.find((token) => token.kind === 'wrapped-native')
    assets.push({
      symbol: 'ETH',
      network: slug,
      address: null,
      decimals: 18,
      priceUsd: wrapped?.seedPriceUsd ?? 3000,
    })
    for (const token of network.tokens) {
      if (OFFERED.includes(token.symbol) && token.safety === 'verified') {
        assets.push({
          symbol: token.symbol,
          network: slug,
          address: token.address as Address,
          decimals: token.decimals,
          priceUsd: token.seedPriceUsd,
        })
      }
    }
  }

  const clientsOf = (network: string) => {
    const found = clients.get(network)
    if (!found) throw new Error(`network ${network} is not running`)
    return found
  }

  return {
    address: account.address,
    assets: () => assets,
    asset: (symbol, network) => assets.find((a) => a.symbol === symbol && a.network === network),
    send(asset, to, amount) {
      const { public: client, wallet } = clientsOf(asset.network)
      const previous = queues.get(asset.network) ?? Promise.resolve()
      const run = previous
        .catch(() => {})
        .then(async () => {
          const hash =
            asset.address === null
              ? await wallet.sendTransaction({ account, chain: wallet.chain, to, value: amount })
              : await wallet.writeContract({
                  account,
                  chain: wallet.chain,
                  address: asset.address,
                  abi: erc20Abi,
                  functionName: 'transfer',
                  args: [to, amount],
                })
          const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
          if (receipt.status !== 'success') throw new Error(`payout ${hash} reverted`)
          return hash
        })
      queues.set(asset.network, run)
      return run
    },
    async verifyDeposit(asset, hash, from, amount) {
      const { public: client } = clientsOf(asset.network)
      const receipt = await client.getTransactionReceipt({ hash }).catch(() => null)
      if (receipt?.status !== 'success' || !isAddressEqual(receipt.from, from)) return false
      if (asset.address === null) {
        const tx = await client.getTransaction({ hash })
        return tx.to !== null && isAddressEqual(tx.to, account.address) && tx.value >= amount
      }
      const tokenAddress = asset.address
      const moved = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: receipt.logs })
        .filter(
          (log) =>
            isAddressEqual(log.address, tokenAddress) &&
            isAddressEqual(log.args.from, from) &&
            isAddressEqual(log.args.to, account.address),
        )
        .reduce((sum, log) => sum + log.args.value, 0n)
      return moved >= amount
    },
  }
}
