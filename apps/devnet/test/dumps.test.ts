/**
 * Dumps and bad input: identical state across starts, corrupt or stale dumps rebuilt, concurrent
 * builders, taken ports, unknown networks, and the CLI's ready line and clean shutdown.
 */
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { after, before, describe, test } from 'node:test'
import { UnknownNetworkError } from '@oxbow/chains'
import { erc20Abi, loadManifest, type Manifest } from '@oxbow/protocol'
import { createPublicClient, http } from 'viem'
import { PortInUseError, startDevnet, testAccounts } from '../src/index.ts'
import { deploymentOf, logCollector } from './fixtures.ts'

const SLUG = 'unichain'
let dataDir: string

before(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'oxbow-devnet-test-'))
})
after(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

/** Native and token balances of every test account, and the head block, on one network. */
async function fingerprintState(manifest: Manifest): Promise<string> {
  const d = deploymentOf(manifest, SLUG)
  const client = createPublicClient({ transport: http(d.rpcUrl) })
  const values: string[] = [String(await client.getBlockNumber({ cacheTime: 0 }))]
  for (const account of testAccounts) {
    values.push(String(await client.getBalance({ address: account.address })))
    for (const token of d.tokens) {
      values.push(
        String(
          await client.readContract({
            address: token.address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [account.address],
          }),
        ),
      )
    }
  }
  return values.join(',')
}

function withoutRpc(manifest: Manifest) {
  const { rpcUrl: _, ...rest } = deploymentOf(manifest, SLUG)
  return rest
}

describe('dumps', () => {
  let built: { deployment: ReturnType<typeof withoutRpc>; state: string }

  test('behavior: two starts from the same dump give the same addresses and balances', async () => {
    const cold = logCollector()
    const first = await startDevnet({ networks: [SLUG], portBase: 20100, dataDir, log: cold.log })
    try {
      assert.ok(
        cold.lines.some((l) => l.startsWith(`${SLUG}: built in`)),
        cold.lines.join('\n'),
      )
      assert.equal(first.manifestPath, join(dataDir, 'manifest.20100.json'))
      assert.deepEqual((await loadManifest(first.manifestPath)).networks, first.manifest.networks)
      built = { deployment: withoutRpc(first.manifest), state: await fingerprintState(first.manifest) }
    } finally {
      await first.stop()
    }
    for (const portBase of [20200, 20100]) {
      const warm = logCollector()
      const again = await startDevnet({ networks: [SLUG], portBase, dataDir, log: warm.log })
      try {
        assert.deepEqual(warm.lines, [])
        assert.equal(deploymentOf(again.manifest, SLUG).rpcUrl, `http://127.0.0.1:${portBase + 1}`)
        assert.deepEqual(withoutRpc(again.manifest), built.deployment)
        assert.equal(await fingerprintState(again.manifest), built.state)
      } finally {
        await again.stop()
      }
    }
  })

  test('error: a corrupt dump is detected and rebuilt, never trusted', async () => {
    const statePath = join(dataDir, 'dumps', `${SLUG}.state.json`)
    const text = await readFile(statePath, 'utf8')
    // Same length, one balance digit changed: anvil would load it happily.
    const at = text.indexOf('"balance":"0x') + 14
    await writeFile(statePath, text.slice(0, at) + (text[at] === 'f' ? 'e' : 'f') + text.slice(at + 1))
    const { lines, log } = logCollector()
    const devnet = await startDevnet({ networks: [SLUG], portBase: 20100, dataDir, log })
    try {
      assert.match(
        lines[0] ?? '',
        /^unichain: dump not used because its state file is corrupt \(hash mismatch\); rebuilding it$/,
      )
      assert.ok(lines.some((l) => l.startsWith(`${SLUG}: built in`)))
      assert.deepEqual(withoutRpc(devnet.manifest).contracts, built.deployment.contracts)
    } finally {
      await devnet.stop()
    }
  })

  test('error: a dump from another version is rebuilt with a one-line reason', async () => {
    const metaPath = join(dataDir, 'dumps', `${SLUG}.meta.json`)
    const meta = JSON.parse(await readFile(metaPath, 'utf8'))
    await writeFile(metaPath, JSON.stringify({ ...meta, fingerprint: 'v0-old' }))
    const { lines, log } = logCollector()
    const devnet = await startDevnet({ networks: [SLUG], portBase: 20100, dataDir, log })
    try {
      assert.match(
        lines[0] ?? '',
        /^unichain: dump not used because it was built by another version \(v0-old, now v\d+-[0-9a-f]+\); rebuilding it$/,
      )
    } finally {
      await devnet.stop()
    }
  })

  test('behavior: concurrent starts on an empty data dir build once and share the dump', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'oxbow-devnet-concurrent-'))
    try {
      const a = logCollector()
      const b = logCollector()
      const [one, two] = await Promise.all([
        startDevnet({ networks: ['zora'], portBase: 20100, dataDir: dir, log: a.log }),
        startDevnet({ networks: ['zora'], portBase: 20200, dataDir: dir, log: b.log }),
      ])
      try {
        const all = [...a.lines, ...b.lines]
        assert.equal(all.filter((l) => l.startsWith('zora: built in')).length, 1, all.join('\n'))
        assert.equal(all.filter((l) => l.includes('another process is building')).length, 1, all.join('\n'))
        assert.deepEqual(
          deploymentOf(one.manifest, 'zora').contracts,
          deploymentOf(two.manifest, 'zora').contracts,
        )
      } finally {
        await Promise.all([one.stop(), two.stop()])
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('bad input', () => {
  test('error: a port already in use is named, with the fix, before anything starts', async () => {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(20301, '127.0.0.1', resolve))
    try {
      await assert.rejects(
        startDevnet({ networks: ['ethereum', SLUG], portBase: 20300, dataDir }),
        (error: unknown) =>
          error instanceof PortInUseError &&
          error.message ===
            'Port 20301 (network unichain) is already in use on 127.0.0.1. Stop whatever holds it or choose another port base, e.g. OXBOW_PORT_BASE=9545.',
      )
      // Nothing was started: the other port is still free.
      const probe = createServer()
      await new Promise<void>((resolve, reject) => {
        probe.once('error', reject)
        probe.listen(20300, '127.0.0.1', () => probe.close(() => resolve()))
      })
    } finally {
      server.close()
    }
  })

  test('error: a port base that cannot fit every network is refused', async () => {
    await assert.rejects(
      startDevnet({ portBase: 65530, dataDir }),
      /^RangeError: Port base 65530 puts devnet ports outside 1024-65535; choose e\.g\. OXBOW_PORT_BASE=8545$/,
    )
  })

  test('error: an unknown network name lists the valid ones', async () => {
    await assert.rejects(
      startDevnet({ networks: ['atlantis' as never], portBase: 20300, dataDir }),
      (error: unknown) =>
        error instanceof UnknownNetworkError &&
        /^Unknown network "atlantis"\. Known networks: ethereum, /.test(error.message),
    )
  })
})

function runCli(args: string[], env: Record<string, string>) {
  return spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../src/cli.ts'), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

describe('cli', () => {
  test('error: unknown network exits 2 with one line', async () => {
    const child = runCli(['--networks', 'ethereum,atlantis'], {
      OXBOW_PORT_BASE: '20300',
      OXBOW_DEVNET_DIR: dataDir,
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    assert.equal(code, 2)
    assert.match(stderr.trim(), /^devnet: Unknown network "atlantis"\. Known networks: [^\n]+$/)
  })

  test('behavior: serve prints networks, accounts and ready; SIGTERM stops every anvil', async () => {
    const child = runCli(['--networks', SLUG], { OXBOW_PORT_BASE: '20400', OXBOW_DEVNET_DIR: dataDir })
    const lines: string[] = []
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line)
        if (line.startsWith('ready')) resolve()
      })
      child.on('exit', (code) => reject(new Error(`cli exited ${code}: ${lines.join('\n')}`)))
    })
    assert.ok(
      lines.some((l) => /^Unichain\s+3133702\s+http:\/\/127\.0\.0\.1:20401\s*$/.test(l)),
      lines.join('\n'),
    )
    assert.ok(lines.some((l) => l.includes(testAccounts[0]?.address ?? '?')))
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    child.kill('SIGTERM')
    assert.equal(await exited, 0)
    // The anvil is gone: its port can be bound again.
    await new Promise<void>((resolve, reject) => {
      const probe = createServer()
      probe.once('error', reject)
      probe.listen(20401, '127.0.0.1', () => probe.close(() => resolve()))
    })
  })

  test('behavior: anvils die even when the devnet process is killed hard', async () => {
    const child = runCli(['--networks', SLUG], { OXBOW_PORT_BASE: '20500', OXBOW_DEVNET_DIR: dataDir })
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith('ready')) resolve()
      })
      child.on('exit', (code) => reject(new Error(`cli exited ${code}`)))
    })
    const exited = new Promise((resolve) => child.on('exit', resolve))
    child.kill('SIGKILL')
    await exited
    // The watchdog polls once a second; give it a few.
    const deadline = Date.now() + 5000
    for (;;) {
      const free = await new Promise<boolean>((resolve) => {
        const probe = createServer()
        probe.once('error', () => resolve(false))
        probe.listen(20501, '127.0.0.1', () => probe.close(() => resolve(true)))
      })
      if (free) break
      assert.ok(
        Date.now() < deadline,
        'anvil still holds port 20501 five seconds after its parent was killed',
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  })
})
