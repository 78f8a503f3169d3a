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
  toHex,
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

/** What a test wallet adds to a node's gas estimate: a share, as real wallets do... */
const GAS_ESTIMATE_MARGIN_PERCENT = 130n
/** ...and a fixed amount: first writes of a v2 pair's two price accumulators cost 2 x 20,000 gas. */
const GAS_ESTIMATE_MARGIN = 60_000n

/**
 * HTTP to `url`, with `eth_estimateGas` padded by {@link GAS_ESTIMATE_MARGIN_PERCENT} and
 * {@link GAS_ESTIMATE_MARGIN}. anvil mines several blocks in one second with the same timestamp, so
 * an estimate made in the second a Uniswap v2 pair last updated skips the pair's price-accumulator
 * writes that the mined transaction, a second later, does: with 30 % alone an `addLiquidity` still
 * ran out of gas (130,805 used of 131,678; the same call succeeds replayed without a limit).
 */
export function walletTransport(url: string): Transport {
  const inner = http(url)
  return (options) => {
    const transport = inner(options)
    const request = (async (args: { method: string }, requestOptions?: unknown) => {
      const result = await transport.request(args as never, requestOptions as never)
      return args.method === 'eth_estimateGas'
        ? toHex((BigInt(result as Hex) * GAS_ESTIMATE_MARGIN_PERCENT) / 100n + GAS_ESTIMATE_MARGIN)
        : result
    }) as typeof transport.request
    return { ...transport, request }
  }
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
    wallet: createWalletClient({
      chain,
      transport: walletTransport(chain.rpcUrls.default.http[0] as string),
      account: privateKeyToAccount(account.privateKey),
    }),
  }
}

/**
 * A reverted transaction explained for a test's failure message: the call replayed on its parent
 * block (with the revert reason when it fails there too) and the gas it used of its limit.
 */
export async function whyReverted(
  client: Pick<PublicClient, 'getTransaction' | 'call'>,
  receipt: { transactionHash: Hex; blockNumber: bigint; gasUsed: bigint },
): Promise<string> {
  const tx = await client.getTransaction({ hash: receipt.transactionHash })
  const replay = await client
    .call({
      account: tx.from,
      to: tx.to,
      data: tx.input,
      value: tx.value,
      blockNumber: receipt.blockNumber - 1n,
    })
    .then(
      () => 'the replay on the parent block succeeds',
      (error: Error) =>
        `the replay on the parent block fails: ${error.message.split('\n').slice(0, 3).join(' ')}`,
    )
  return `transaction ${receipt.transactionHash} reverted in block ${receipt.blockNumber} (gas used ${receipt.gasUsed} of ${tx.gas}); ${replay}`
}

/** The seeded fee-on-transfer token's view of its fee: the basis points it takes on every transfer. */
export const feeOnTransferTokenAbi = [
  { type: 'function', name: 'feeBps', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint256' }] },
] as const
