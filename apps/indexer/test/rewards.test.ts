/**
 * LP rewards in the data API (issue #13) against the real devnet (ethereum, whose programme pays UNI
 * to the incentivised v3 pools' LPs in two epochs) and a real Ponder on PGlite: each incentivised
 * pool's rewardApr is the latest epoch's (epoch 2's) reward at UNI's indexed price, annualised over
 * that epoch, over the pool's TVL; other pools have none; a claim on either epoch's distributor is
 * the claimer's 'LP_REWARDS_CLAIM' activity with the amount received, its counterparty that epoch's
 * distributor.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { devnetClients, startDevnet } from '@oxbow/devnet'
import type { NetworkDeployment } from '@oxbow/protocol'
import { merkleDistributorAbi } from '@oxbow/protocol/rewards'
import { getAddress } from 'viem'
import { type IndexerHandle, PGLITE_IN_MEMORY, startIndexer } from '../scripts/launcher.ts'
import { gqlClient, okData, waitFor } from './helpers.ts'

const PORT_BASE = 24600
const INDEXER_PORT = 24690
/** The test account the devnet hands a rewarded position (apps/devnet src/seed/rewards.ts). */
const REWARDED = 4

let devnet: Awaited<ReturnType<typeof startDevnet>>
let eth: NetworkDeployment
let indexer: IndexerHandle
let gql: ReturnType<typeof gqlClient>

before(async () => {
  devnet = await startDevnet({ networks: ['ethereum'], portBase: PORT_BASE })
  assert.ok(devnet.manifest.networks.ethereum)
  eth = devnet.manifest.networks.ethereum
  indexer = await startIndexer({
    manifestPath: devnet.manifestPath,
    port: INDEXER_PORT,
    dataDir: PGLITE_IN_MEMORY,
    networks: ['ethereum'],
    readyTimeoutMs: 240_000,
  })
  gql = gqlClient(indexer.graphqlUrl)
})

after(async () => {
  await indexer?.stop()
  await devnet?.stop()
})

interface PoolNode {
  address: string | null
  tvlUsd: string
  apr: string
  rewardApr: string | null
}

describe('LP rewards', () => {
  it('behavior: rewardApr of an incentivised pool is its latest epoch reward in USD, annualised, over TVL; none elsewhere', async () => {
    const rewards = eth.rewards
    assert.equal(rewards?.epochs.length, 2)
    const epoch = rewards?.epochs[1]
    assert.ok(rewards && epoch?.epoch === 2)
    const { pools } = await okData(
      gql<{ pools: { nodes: PoolNode[] } }>(
        '{ pools(networks: ["ethereum"], first: 100) { nodes { address tvlUsd apr rewardApr } } }',
      ),
    )
    const { token } = await okData(
      gql<{ token: { priceUsd: string } }>(
        'query($a: String!) { token(network: "ethereum", address: $a) { priceUsd } }',
        {
          a: rewards.token,
        },
      ),
    )
    const uniUsd = Number(token.priceUsd)
    assert.ok(uniUsd > 0)
    let incentivised = 0
    for (const pool of pools.nodes) {
      const incentive = epoch.pools.find((p) => pool.address !== null && p.pool === getAddress(pool.address))
      if (!incentive) {
        assert.equal(pool.rewardApr, null, `${pool.address} is not incentivised`)
        continue
      }
      incentivised++
      const expected =
        (((Number(BigInt(incentive.reward) / 10n ** 12n) / 1e6) * uniUsd * (365 * 86_400)) /
          (epoch.end - epoch.start) /
          Number(pool.tvlUsd)) *
        100
      assert.ok(pool.rewardApr !== null)
      assert.ok(
        Math.abs(Number(pool.rewardApr) - expected) / expected < 1e-4,
        `${pool.address}: ${pool.rewardApr} vs ${expected}`,
      )
    }
    assert.equal(incentivised, epoch.pools.length)
  })

  it('behavior: a claim in either epoch is the claimer’s LP_REWARDS_CLAIM activity with the reward received', async () => {
    const rewards = eth.rewards
    assert.ok(rewards)
    const { token, epochs } = rewards
    const { public: client, wallet } = devnetClients(devnet.manifest, 'ethereum', REWARDED)
    const me = wallet.account.address
    type Row = {
      txHash: string
      type: string
      counterparty: string | null
      assetChanges: { token: { address: string } | null; amount: string; direction: string }[]
    }
    for (const epoch of [...epochs].reverse()) {
      const claim = epoch.claims.find((c) => c.account === me)
      assert.ok(claim, `account 4 is in epoch ${epoch.epoch}'s tree`)
      const hash: `0x${string}` = await wallet.writeContract({
        address: epoch.distributor,
        abi: merkleDistributorAbi,
        functionName: 'claim',
        args: [BigInt(claim.index), me, BigInt(claim.amount), claim.proof],
      })
      await client.waitForTransactionReceipt({ hash })
      const row: Row = await waitFor(
        `epoch ${epoch.epoch}'s claim indexed`,
        async () => {
          const data = await okData(
            gql<{ activity: { nodes: Row[] } }>(
              'query($a: String!) { activity(address: $a, networks: ["ethereum"], first: 5) { nodes { txHash type counterparty assetChanges { token { address } amount direction } } } }',
              { a: me },
            ),
          )
          return data.activity.nodes.find((n) => n.txHash === hash)
        },
        30_000,
      )
      assert.equal(row.type, 'LP_REWARDS_CLAIM')
      assert.equal(getAddress(row.counterparty ?? ''), epoch.distributor)
      assert.deepEqual(
        row.assetChanges.map((c) => [c.token && getAddress(c.token.address), c.amount, c.direction]),
        [[token, claim.amount, 'IN']],
      )
    }
  })
})
