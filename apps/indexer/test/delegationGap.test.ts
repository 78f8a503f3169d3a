/**
 * EIP-7702 delegations made while the indexer is down: `serve` (what `npm start` runs) is stopped,
 * the chain moves on by more than 64 blocks (past the block-by-block window, so the restart traces
 * the gap) with a delegation, a removal and another delegation in it, and the restarted indexer
 * records each as its authority's DELEGATE / REMOVE_DELEGATION activity exactly once. Real devnet
 * (ethereum), real Ponder, on-disk PGlite in /dev/shm.
 */
import assert from 'node:assert/strict'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { devnetClients, startDevnet } from '@oxbow/devnet'
import { type Address, type Hex, zeroAddress } from 'viem'
import { gqlClient, okData, waitFor } from './helpers.ts'
import { spawnServe } from './serveKit.ts'

const PORT_BASE = 24100
const PORT = 24190
const dir = mkdtempSync(join('/dev/shm', 'oxbow-indexer-delegation-gap-'))
const running: ChildProcess[] = []
let devnet: Awaited<ReturnType<typeof startDevnet>> | undefined

after(async () => {
  for (const child of running) {
    try {
      process.kill(-(child.pid ?? 0), 'SIGKILL')
    } catch {}
  }
  await devnet?.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('delegations across a restart', () => {
  it('behavior: a delegation, a removal and another delegation in a gap of more than 64 blocks are each recorded once after the restart', async () => {
    devnet = await startDevnet({ networks: ['ethereum'], portBase: PORT_BASE })
    const { manifest, manifestPath } = devnet
    const delegate = manifest.networks.ethereum?.contracts.simple7702Account
    assert.ok(delegate, 'the devnet deploys Simple7702Account')
    const serve = () => {
      const run = spawnServe({ manifestPath, port: PORT, dataDir: dir, networks: ['ethereum'] })
      running.push(run.child)
      return run
    }
    const gql = gqlClient(`http://127.0.0.1:${PORT}/graphql`)
    const chain = devnetClients(manifest, 'ethereum')
    const indexed = async () =>
      BigInt(
        (await okData(gql<{ networks: { blockNumber: string }[] }>('{ networks { blockNumber } }')))
          .networks[0]?.blockNumber ?? '0',
      )
    const caughtUp = async () => {
      const head = await chain.public.getBlockNumber()
      await waitFor(
        'the indexer at the chain head',
        async () => ((await indexed()) >= head ? true : undefined),
        120_000,
      )
    }

    let indexer = serve()
    await indexer.reached
    await caughtUp()
    const stoppedAt = await indexed()
    await indexer.stop()

    /** A type-4 transaction of test account `index` to itself authorizing `target` (zero: removal). */
    const authorize = async (index: number, target: Address): Promise<Hex> => {
      const { public: client, wallet } = devnetClients(manifest, 'ethereum', index)
      const authorization = await wallet.signAuthorization({ contractAddress: target, executor: 'self' })
      const hash = await wallet.sendTransaction({
        authorizationList: [authorization],
        to: wallet.account.address,
        data: '0x',
      })
      assert.equal((await client.waitForTransactionReceipt({ hash })).status, 'success')
      return hash
    }
    const mine = (blocks: number) =>
      chain.test.request({ method: 'anvil_mine', params: [`0x${blocks.toString(16)}`] } as never)
    const [first, second] = [6, 7].map((i) => devnetClients(manifest, 'ethereum', i).wallet.account.address)
    assert.ok(first && second)

    const delegated = await authorize(6, delegate)
    await mine(40)
    const removed = await authorize(6, zeroAddress)
    await mine(40)
    const delegatedAgain = await authorize(7, delegate)
    await mine(3)
    const head = await chain.public.getBlockNumber()
    assert.ok(head - stoppedAt > 64n, `a gap of ${head - stoppedAt} blocks`)
    assert.equal(await chain.public.getCode({ address: first }), undefined, 'the removal took effect')

    indexer = serve()
    await indexer.reached
    await caughtUp()
    type Rows = { activity: { nodes: { type: string; txHash: string }[] } }
    const rows = async (address: Address) =>
      (
        await okData(
          gql<Rows>(
            'query($a: String!) { activity(address: $a, networks: ["ethereum"], first: 50) { nodes { type txHash } } }',
            { a: address },
          ),
        )
      ).activity.nodes
        .filter((n) => n.type === 'DELEGATE' || n.type === 'REMOVE_DELEGATION')
        .map((n) => `${n.type} ${n.txHash.toLowerCase()}`)
        .sort()
    assert.deepEqual(
      await rows(first),
      [`DELEGATE ${delegated.toLowerCase()}`, `REMOVE_DELEGATION ${removed.toLowerCase()}`].sort(),
    )
    assert.deepEqual(await rows(second), [`DELEGATE ${delegatedAgain.toLowerCase()}`])
    await indexer.stop()
  })
})
