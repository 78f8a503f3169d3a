/**
 * The indexer follows the chain registry's protocol versions (port base 25000): the devnet deploys
 * and seeds v2 on Unichain Sepolia and v4 on ZKsync like everywhere else, with funded pools and the
 * deployer's positions, yet neither network lists that version, so explore and positions show none
 * of them; the versions they do list are indexed as usual.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { getNetwork } from '@oxbow/chains'
import { startDevnet } from '@oxbow/devnet'
import type { NetworkDeployment } from '@oxbow/protocol'
import { type Address, createPublicClient, erc20Abi, erc721Abi, http } from 'viem'
import type { IndexerHandle } from '../scripts/launcher.ts'
import { gqlClient, okData, startTestIndexer, waitFor } from './helpers.ts'

const PORT_BASE = 25000
const INDEXER_PORT = 25090
const NETWORKS = ['unichain_sepolia', 'zksync'] as const

let devnet: Awaited<ReturnType<typeof startDevnet>>
let indexer: IndexerHandle
let gql: ReturnType<typeof gqlClient>

const deployment = (slug: (typeof NETWORKS)[number]): NetworkDeployment => {
  const d = devnet.manifest.networks[slug]
  assert.ok(d, slug)
  return d
}
const clientOf = (slug: (typeof NETWORKS)[number]) =>
  createPublicClient({ transport: http(deployment(slug).rpcUrl) })

before(async () => {
  devnet = await startDevnet({ networks: [...NETWORKS], portBase: PORT_BASE })
  indexer = await startTestIndexer(devnet.manifestPath, INDEXER_PORT, { networks: [...NETWORKS] })
  gql = gqlClient(indexer.graphqlUrl)
  for (const slug of NETWORKS) {
    const head = await clientOf(slug).getBlockNumber()
    await waitFor(
      `${slug} indexed to its head`,
      async () => {
        const data = await okData(
          gql<{ networks: { network: string; blockNumber: string }[] }>(
            '{ networks { network blockNumber } }',
          ),
        )
        return data.networks.some((n) => n.network === slug && BigInt(n.blockNumber) >= head)
          ? true
          : undefined
      },
      120_000,
    )
  }
})

after(async () => {
  await indexer?.stop()
  await devnet?.stop()
})

/** The versions of the pools the API lists on `slug`, each once, sorted. */
async function poolVersions(slug: string): Promise<string[]> {
  const data = await okData(
    gql<{ pools: { nodes: { version: string }[] } }>(
      'query($n: [String!]) { pools(networks: $n, first: 100) { nodes { version } } }',
      { n: [slug] },
    ),
  )
  return [...new Set(data.pools.nodes.map((p) => p.version))].sort()
}

/** Who holds position #1 of `manager` on `slug`: the deployer, whose seeded positions these are. */
const firstPositionOwner = (slug: (typeof NETWORKS)[number], manager: Address) =>
  clientOf(slug).readContract({ address: manager, abi: erc721Abi, functionName: 'ownerOf', args: [1n] })

async function positionVersions(owner: Address, slug: string): Promise<string[]> {
  const data = await okData(
    gql<{ positions: { nodes: { version: string }[] } }>(
      'query($o: String!, $n: [String!]) { positions(owner: $o, networks: $n, first: 100) { nodes { version } } }',
      { o: owner, n: [slug] },
    ),
  )
  return [...new Set(data.positions.nodes.map((p) => p.version))].sort()
}

describe('protocol versions follow the chain registry', () => {
  it('behavior: Unichain Sepolia: its funded v2 pairs and the deployer LP tokens appear nowhere; v3 and v4 do', async () => {
    const slug = 'unichain_sepolia'
    assert.deepEqual(getNetwork(slug).capabilities.protocolVersions, ['v3', 'v4'])
    const d = deployment(slug)
    const pairs = d.pools.filter((p) => p.version === 'v2')
    assert.ok(pairs.length > 0, 'the devnet seeds v2 pairs')
    // The deployer owns the seeded positions: v3 NFT #1, and LP tokens of every v2 pair.
    const owner = await firstPositionOwner(slug, d.contracts.nonfungiblePositionManager)
    const pair = pairs[0]
    assert.ok(pair && pair.version === 'v2')
    const lp = await clientOf(slug).readContract({
      address: pair.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    })
    assert.ok(lp > 0n, 'the deployer holds LP tokens of a v2 pair')
    assert.deepEqual(await poolVersions(slug), ['V3', 'V4'])
    assert.deepEqual(await positionVersions(owner, slug), ['V3', 'V4'])
    const one = await okData(
      gql<{ pool: unknown; v2Position: unknown }>(
        'query($n: String!, $p: String!, $o: String!) { pool(network: $n, id: $p) { id } v2Position(network: $n, pair: $p, owner: $o) { tokenId } }',
        { n: slug, p: pair.address, o: owner },
      ),
    )
    assert.deepEqual(one, { pool: null, v2Position: null })
  })

  it('behavior: ZKsync: its funded v4 pools and the deployer v4 positions appear nowhere; v2 and v3 do', async () => {
    const slug = 'zksync'
    assert.deepEqual(getNetwork(slug).capabilities.protocolVersions, ['v2', 'v3'])
    const d = deployment(slug)
    const v4 = d.pools.filter((p) => p.version === 'v4')
    assert.ok(v4.length > 0, 'the devnet seeds v4 pools')
    const owner = await firstPositionOwner(slug, d.contracts.v4PositionManager)
    assert.deepEqual(await poolVersions(slug), ['V2', 'V3'])
    assert.deepEqual(await positionVersions(owner, slug), ['V2', 'V3'])
    const first = v4[0]
    assert.ok(first && first.version === 'v4')
    const one = await okData(
      gql<{ pool: unknown; position: unknown }>(
        'query($n: String!, $p: String!) { pool(network: $n, id: $p) { id } position(network: $n, version: V4, tokenId: "1") { tokenId } }',
        { n: slug, p: first.poolId },
      ),
    )
    assert.deepEqual(one, { pool: null, position: null })
  })
})
