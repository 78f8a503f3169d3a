/**
 * LP rewards on the real API module against the devnet's Ethereum (port base 24400): an eligible
 * account's claims, one per epoch, as the manifest's trees record them, each `claimed` read from its
 * own epoch's distributor (false, then true once the account claims that epoch on chain), nothing for an account without rewards or on a
 * network without a programme, typed 400s for a bad address or network and a 503 when the chain
 * does not answer; a blocked address (the screening swap and send use) refused with 403
 * ADDRESS_BLOCKED.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { rewardsResponseSchema } from '@oxbow/api-contract/rewards'
import { type Devnet, devnetClients, revert, snapshot, startDevnet } from '@oxbow/devnet'
import { merkleDistributorAbi } from '@oxbow/protocol/rewards'
import type { Hono } from 'hono'
import * as z from 'zod/mini'
import { createRewardsModule } from '../src/rewards/index.ts'
import { createListScreeningProvider, Screening } from '../src/screening/index.ts'
import { type Json, testApp } from './kit.ts'

const PORT_BASE = 24400
/** The test account the devnet hands a rewarded position (apps/devnet src/seed/rewards.ts). */
const REWARDED = 4

let devnet: Devnet
let app: Hono

before(async () => {
  devnet = await startDevnet({ networks: ['ethereum', 'base'], portBase: PORT_BASE })
  app = testApp([createRewardsModule(devnet.manifest.networks)])
})
after(async () => {
  await devnet?.stop()
})

const get = async (path: string) => {
  const response = await app.request(path)
  return { status: response.status, body: (await response.json()) as Json }
}

describe('GET /v1/rewards/:address', () => {
  test('behavior: the eligible account gets one claim per epoch; each claimed turns true only once that epoch is claimed on chain', async () => {
    const programme = devnet.manifest.networks.ethereum?.rewards
    const me = devnet.manifest.accounts[REWARDED]?.address
    assert.ok(programme && me)
    assert.equal(programme.epochs.length, 2)
    // any letter case of the address
    const first = await get(`/v1/rewards/${me.toLowerCase()}`)
    assert.equal(first.status, 200)
    const body = z.parse(rewardsResponseSchema, first.body)
    assert.equal(body.address, me)
    assert.deepEqual(
      body.rewards,
      programme.epochs.map((epoch) => {
        const recorded = epoch.claims.find((c) => c.account === me)
        assert.ok(recorded, `account 4 is in epoch ${epoch.epoch}'s tree`)
        return {
          network: 'ethereum',
          chainId: devnet.manifest.networks.ethereum?.chainId,
          epoch: epoch.epoch,
          distributor: epoch.distributor,
          token: { address: programme.token, symbol: 'UNI', decimals: 18 },
          index: recorded.index,
          amount: recorded.amount,
          proof: recorded.proof,
          claimed: false,
        }
      }),
    )
    assert.deepEqual(
      body.rewards.map((r) => r.epoch),
      [1, 2],
    )
    const rpcUrl = devnet.manifest.networks.ethereum?.rpcUrl as string
    const id = await snapshot(rpcUrl)
    try {
      const { public: client, wallet } = devnetClients(devnet.manifest, 'ethereum', REWARDED)
      const claimedNow = async () =>
        z.parse(rewardsResponseSchema, (await get(`/v1/rewards/${me}`)).body).rewards.map((r) => r.claimed)
      // epoch 2 first: the states are per epoch, whatever the order
      for (const [claim, expected] of [
        [body.rewards[1], [false, true]],
        [body.rewards[0], [true, true]],
      ] as const) {
        assert.ok(claim)
        const args = [BigInt(claim.index), me, BigInt(claim.amount), [...claim.proof]] as const
        const hash: `0x${string}` = await wallet.writeContract({
          address: claim.distributor,
          abi: merkleDistributorAbi,
          functionName: 'claim',
          args,
        })
        assert.equal((await client.waitForTransactionReceipt({ hash })).status, 'success')
        assert.deepEqual(await claimedNow(), [...expected])
      }
    } finally {
      await revert(rpcUrl, id)
    }
  })

  test('behavior: no rewards for an account outside the tree, nor on a network without a programme', async () => {
    const other = devnet.manifest.accounts[0]?.address as string
    assert.deepEqual((await get(`/v1/rewards/${other}`)).body, { address: other, rewards: [] })
    const me = devnet.manifest.accounts[REWARDED]?.address as string
    const onBase = await get(`/v1/rewards/${me}?network=base`)
    assert.equal(onBase.status, 200)
    assert.deepEqual(onBase.body.rewards, [])
  })

  test('error: a malformed or mis-checksummed address, an unknown network: typed 400', async () => {
    const bad = await get('/v1/rewards/0x1234')
    assert.equal(bad.status, 400)
    assert.equal(bad.body.error.code, 'INVALID_INPUT')
    assert.equal(bad.body.error.details[0].path, 'address')
    const me = devnet.manifest.accounts[REWARDED]?.address as string
    const flipped = me.replace(/[a-f]/, (ch) => ch.toUpperCase())
    const miscased = await get(`/v1/rewards/${flipped}`)
    assert.equal(miscased.status, 400)
    assert.equal(miscased.body.error.code, 'INVALID_INPUT')
    const network = await get(`/v1/rewards/${me}?network=atlantis`)
    assert.equal(network.status, 400)
    assert.equal(network.body.error.code, 'UNSUPPORTED_NETWORK')
    assert.equal(network.body.error.details[0].path, 'network')
  })

  test('error: a chain that does not answer is a 503, never a wrong "not claimed"', async () => {
    const down = testApp([
      createRewardsModule(devnet.manifest.networks, {
        clientFor: () => ({
          readContract: () => Promise.reject(new Error('connection refused')),
        }),
      }),
    ])
    const me = devnet.manifest.accounts[REWARDED]?.address as string
    const response = await down.request(`/v1/rewards/${me}`)
    assert.equal(response.status, 503)
    assert.equal(((await response.json()) as Json).error.code, 'SERVICE_UNAVAILABLE')
  })
  test('error: a blocked address gets 403 ADDRESS_BLOCKED and no claim; others are answered; a failing screening is a 503', async () => {
    const me = devnet.manifest.accounts[REWARDED]?.address
    const other = devnet.manifest.accounts[0]?.address
    assert.ok(me && other)
    const screened = testApp([
      createRewardsModule(devnet.manifest.networks, {
        screening: new Screening(createListScreeningProvider([me])),
      }),
    ])
    for (const form of [me, me.toLowerCase()]) {
      const response = await screened.request(`/v1/rewards/${form}`)
      assert.equal(response.status, 403)
      const body = (await response.json()) as Json
      assert.equal(body.error.code, 'ADDRESS_BLOCKED')
      assert.equal(body.error.message, 'This address is blocked')
      assert.equal(body.error.details[0].path, 'address')
      assert.equal(JSON.stringify(body).includes('proof'), false, 'no claim is given away')
    }
    assert.equal((await screened.request(`/v1/rewards/${other}`)).status, 200)
    const failing = testApp([
      createRewardsModule(devnet.manifest.networks, {
        screening: new Screening({ name: 'down', blocked: () => Promise.reject(new Error('vendor down')) }),
      }),
    ])
    const down = await failing.request(`/v1/rewards/${other}`)
    assert.equal(down.status, 503, 'a screening that fails is never a pass')
  })
})
