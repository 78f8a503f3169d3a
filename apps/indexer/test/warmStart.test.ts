/**
 * `serve` (what `npm start` runs) on the same chain twice resumes from its on-disk PGlite database
 * instead of indexing from scratch, although the devnet rewrote its manifest (a new createdAt); after
 * a devnet restart that lost a transaction the database had indexed (the chains reload their dumps),
 * it indexes from scratch. Real devnet (ethereum), real Ponder; the database in /dev/shm (the same
 * on-disk PGlite code, on RAM).
 */
import assert from 'node:assert/strict'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { after, describe, it } from 'node:test'
import { startDevnet } from '@oxbow/devnet'
import { createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { chainFingerprint } from '../scripts/chainState.ts'
import { gqlClient, okData } from './helpers.ts'
import { spawnServe } from './serveKit.ts'

const PORT_BASE = 23700
const PORT = 23790
const dir = mkdtempSync(join('/dev/shm', 'oxbow-indexer-warm-'))
const running: ChildProcess[] = []
let devnet: Awaited<ReturnType<typeof startDevnet>> | undefined

/** Starts `serve`; resolves with its output once it printed `ready`, or a line matching `until`. */
function serve(manifestPath: string, until = /^ready\b/) {
  const run = spawnServe({ manifestPath, port: PORT, dataDir: dir, networks: ['ethereum'], until })
  running.push(run.child)
  return run
}

after(async () => {
  await devnet?.stop()
  for (const child of running) {
    try {
      process.kill(-(child.pid ?? 0), 'SIGKILL')
    } catch {}
  }
  rmSync(dir, { recursive: true, force: true })
})

describe('warm restart', () => {
  it('behavior: the chain fingerprint ignores createdAt and follows the deployment and the networks', () => {
    const manifest = { version: 1, fingerprint: 'v1-a', createdAt: '2026-01-01T00:00:00Z', networks: {} }
    const again = { ...manifest, createdAt: '2026-01-02T00:00:00Z' }
    const rebuilt = { ...manifest, fingerprint: 'v1-b' }
    const id = (m: object, networks = ['ethereum']) => chainFingerprint(JSON.stringify(m), networks)
    assert.equal(id(again), id(manifest))
    assert.notEqual(id(rebuilt), id(manifest))
    assert.notEqual(id(manifest, ['ethereum', 'base']), id(manifest))
  })

  it('behavior: a restart on the same chain resumes from the database, once; a devnet restart that lost an indexed block indexes from scratch', async () => {
    const restartDevnet = async () => {
      await devnet?.stop()
      devnet = await startDevnet({ networks: ['ethereum'], portBase: PORT_BASE })
      return devnet
    }
    let net = await restartDevnet()
    let indexer = serve(net.manifestPath)
    await indexer.reached
    const gql = gqlClient(`http://127.0.0.1:${PORT}/graphql`)
    const head = async () =>
      BigInt(
        (await okData(gql<{ networks: { blockNumber: string }[] }>('{ networks { blockNumber } }')))
          .networks[0]?.blockNumber ?? '0',
      )

    // A transaction the indexer sees, then a devnet restart: the chain reloads its dump without it.
    const eth = net.manifest.networks.ethereum
    assert.ok(eth)
    const before = await head()
    const account = privateKeyToAccount(
      (net.manifest.accounts[3] ?? net.manifest.accounts[0])?.privateKey ?? '0x',
    )
    const wallet = createWalletClient({ account, transport: http(eth.rpcUrl) })
    await wallet.sendTransaction({ chain: null, to: account.address, value: parseEther('0.01') })
    for (let i = 0; (await head()) <= before; i++) {
      assert.ok(i < 150, 'the new block reaches the indexer')
      await new Promise((r) => setTimeout(r, 100))
    }
    await indexer.stop()
    const firstManifest = readFileSync(net.manifestPath, 'utf8')
    net = await restartDevnet()
    assert.notEqual(readFileSync(net.manifestPath, 'utf8'), firstManifest, 'a new createdAt')
    indexer = serve(net.manifestPath)
    const lost = await indexer.reached
    assert.ok(
      lost.some((l) => /^indexing from scratch: ethereum's block \d+ is no longer the one indexed/.test(l)),
      lost.join('\n'),
    )
    await indexer.stop()

    // Same dumps, nothing lost: resumed, and serving the chain's head with real data.
    net = await restartDevnet()
    indexer = serve(net.manifestPath)
    const resumed = await indexer.reached
    assert.ok(
      resumed.some((l) => l.startsWith('resuming from the database')),
      resumed.join('\n'),
    )
    assert.ok(!resumed.some((l) => l.startsWith('indexing from scratch')), resumed.join('\n'))
    const data = await okData(
      gql<{ networks: { blockNumber: string }[]; pools: { nodes: unknown[] } }>(
        '{ networks { blockNumber } pools(networks: ["ethereum"], first: 5) { nodes { id } } }',
      ),
    )
    assert.equal(BigInt(data.networks[0]?.blockNumber ?? '0'), before)
    assert.equal(data.pools.nodes.length, 5)
    await indexer.stop()

    // Resumed once: the next start rebuilds (Ponder's crash recovery is not safe twice over).
    indexer = serve(net.manifestPath, /^(indexing from scratch|resuming)/)
    const again = await indexer.reached
    await indexer.stop()
    assert.equal(again.at(-1), 'indexing from scratch: it was resumed once already')
  })
})
