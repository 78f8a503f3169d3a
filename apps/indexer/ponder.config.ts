/**
 * Ponder configuration, derived from the deployment manifest (OXBOW_MANIFEST or .devnet/manifest.json):
 * one Ponder network per manifest network, contracts at the manifest's addresses, v2/v3 pools found
 * through their factories so pools created after seeding are indexed too. A protocol version the chain
 * registry does not list for a network (v2 on Unichain Sepolia, v4 on ZKsync) gets no source there,
 * though the devnet deploys it: none of its pools, positions or swaps reach explore, positions or
 * activity.
 */
import { resolve } from 'node:path'
import { offersProtocolVersion, type ProtocolVersion } from '@oxbow/chains'
import { PERMIT2_ADDRESS, permit2Abi } from '@oxbow/protocol/abis'
import { merkleDistributorAbi } from '@oxbow/protocol/rewards'
import { createConfig, factory } from 'ponder'
import { type Address, http } from 'viem'
import {
  erc721Abi,
  tokenAbi,
  uniswapXReactorAbi,
  v2FactoryAbi,
  v2PairAbi,
  v3FactoryAbi,
  v3PoolAbi,
  v3PositionManagerAbi,
  v4PoolManagerAbi,
  v4PositionManagerAbi,
} from './src/lib/abis.ts'
import { indexedDeployments, indexerRoot, readManifestSync } from './src/lib/manifest.ts'

const manifest = readManifestSync()
const deployments = indexedDeployments(manifest)
/** anvil mines on demand: poll often so a new block reaches the API well within a second. */
const pollingInterval = Number(process.env.OXBOW_INDEXER_POLLING_MS ?? 100)

type PerNetwork = Record<
  string,
  { address: Address | readonly Address[] | ReturnType<typeof factory>; startBlock: number }
>

function perNetwork(
  pick: (d: (typeof deployments)[number]) => PerNetwork[string]['address'] | undefined,
): PerNetwork {
  const out: PerNetwork = {}
  for (const d of deployments) {
    const address = pick(d)
    if (address === undefined || (Array.isArray(address) && address.length === 0)) continue
    out[d.slug] = { address, startBlock: d.startBlock }
  }
  return out
}

/** `pick`, on the networks whose registry entry lists protocol `version` only. */
function ofVersion(
  version: ProtocolVersion,
  pick: (d: (typeof deployments)[number]) => PerNetwork[string]['address'] | undefined,
): PerNetwork {
  return perNetwork((d) => (offersProtocolVersion(d.slug, version) ? pick(d) : undefined))
}

const v2PairCreated = v2FactoryAbi[0]
const v3PoolCreated = v3FactoryAbi[0]

export default createConfig({
  ordering: 'multichain',
  database: process.env.DATABASE_URL
    ? { kind: 'postgres', connectionString: process.env.DATABASE_URL, poolConfig: { max: 10 } }
    : {
        kind: 'pglite',
        directory: process.env.OXBOW_INDEXER_DATA_DIR ?? resolve(indexerRoot, '.ponder/pglite'),
      },
  networks: Object.fromEntries(
    deployments.map((d) => [
      d.slug,
      {
        chainId: d.chainId,
        transport: http(d.rpcUrl),
        pollingInterval,
        // Local anvil: nothing to protect.
        maxRequestsPerSecond: 1_000,
        // A cache would outlive a devnet reset, except where `serve` keeps it in a database it wipes
        // whenever the chain changes (on-disk PGlite: OXBOW_INDEXER_SYNC_CACHE=keep).
        disableCache: process.env.OXBOW_INDEXER_SYNC_CACHE !== 'keep',
      },
    ]),
  ),
  contracts: {
    Token: {
      abi: tokenAbi,
      network: perNetwork((d) => [...new Set([...d.tokens.map((t) => t.address), d.contracts.weth9])]),
    },
    V2Factory: { abi: v2FactoryAbi, network: ofVersion('v2', (d) => d.contracts.v2Factory) },
    V2Pair: {
      abi: v2PairAbi,
      network: ofVersion('v2', (d) =>
        factory({ address: d.contracts.v2Factory, event: v2PairCreated, parameter: 'pair' }),
      ),
    },
    V3Factory: { abi: v3FactoryAbi, network: ofVersion('v3', (d) => d.contracts.v3Factory) },
    V3Pool: {
      abi: v3PoolAbi,
      network: ofVersion('v3', (d) =>
        factory({ address: d.contracts.v3Factory, event: v3PoolCreated, parameter: 'pool' }),
      ),
    },
    V3PositionManager: {
      abi: v3PositionManagerAbi,
      network: ofVersion('v3', (d) => d.contracts.nonfungiblePositionManager),
    },
    V4PoolManager: { abi: v4PoolManagerAbi, network: ofVersion('v4', (d) => d.contracts.v4PoolManager) },
    V4PositionManager: {
      abi: v4PositionManagerAbi,
      network: ofVersion('v4', (d) => d.contracts.v4PositionManager),
    },
    // Permit2 at its canonical address on every network: on-chain permits and allowances (activity).
    Permit2: { abi: permit2Abi, network: perNetwork(() => PERMIT2_ADDRESS) },
    UniswapX: { abi: uniswapXReactorAbi, network: perNetwork((d) => d.contracts.exclusiveDutchOrderReactor) },
    Nft: { abi: erc721Abi, network: perNetwork((d) => d.nftCollections.map((c) => c.address)) },
    // LP rewards: each epoch's MerkleDistributor, where the manifest has a programme (none: no source)
    RewardsDistributor: {
      abi: merkleDistributorAbi,
      network: perNetwork((d) => d.rewards?.epochs.map((e) => e.distributor)),
    },
  },
  blocks: {
    // Every block from the head at start-up on: the API's "now" and cache key per network. History
    // needs no block ticks (events carry their own time), so backfill does not fetch every block.
    Clock: {
      network: Object.fromEntries(deployments.map((d) => [d.slug, { startBlock: 'latest', interval: 1 }])),
    },
  },
})
