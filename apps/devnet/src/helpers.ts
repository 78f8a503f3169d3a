/** Small helpers for test suites that use the devnet as their fixture. */
import { getNetwork, type Network, type NetworkSlug } from '@oxbow/chains'
import type { Manifest } from '@oxbow/protocol'
import {
  type Account,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type PublicClient,
  type TestClient,
  type Transport,
  type WalletClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { testAccounts } from './accounts.ts'
import { rpc } from './rpc.ts'

/** Takes an EVM snapshot; pass the id to {@link revert}. */
export function snapshot(rpcUrl: string): Promise<Hex> {
  return rpc<Hex>(rpcUrl, 'evm_snapshot')
}

/** Reverts to a snapshot (which anvil then forgets: take a new one to revert again). */
export async function revert(rpcUrl: string, id: Hex): Promise<void> {
  const ok = await rpc<boolean>(rpcUrl, 'evm_revert', [id])
  if (!ok) throw new Error(`evm_revert(${id}) failed on ${rpcUrl}`)
}

/** A viem chain for a devnet network (local chain id, the manifest's RPC URL). */
export function devnetChain(manifest: Manifest, slug: NetworkSlug): Chain {
  const network: Network = getNetwork(slug)
  const deployment = manifest.networks[slug]
  if (!deployment)
    throw new Error(
      `network ${slug} is not in this manifest (started networks: ${Object.keys(manifest.networks).join(', ')})`,
    )
  return defineChain({
    id: deployment.chainId,
    name: `${network.name} (devnet)`,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [deployment.rpcUrl] } },
  })
}

export interface DevnetClients {
  readonly chain: Chain
  readonly public: PublicClient<Transport, Chain>
  readonly test: TestClient<'anvil', Transport, Chain>
  /** Wallet client signing locally with test account `accountIndex` (default 0). */
  readonly wallet: WalletClient<Transport, Chain, Account>
}

/** viem public, test and wallet clients for one devnet network. */
export function devnetClients(manifest: Manifest, slug: NetworkSlug, accountIndex = 0): DevnetClients {
  const chain = devnetChain(manifest, slug)
  const account = testAccounts[accountIndex]
  if (!account) throw new RangeError(`accountIndex must be 0..${testAccounts.length - 1}`)
  const transport = http(chain.rpcUrls.default.http[0])
  return {
    chain,
    public: createPublicClient({ chain, transport, pollingInterval: 50, cacheTime: 0 }),
    test: createTestClient({ chain, transport, mode: 'anvil' }),
    wallet: createWalletClient({ chain, transport, account: privateKeyToAccount(account.privateKey) }),
  }
}
