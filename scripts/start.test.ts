/**
 * `npm start` as a newcomer runs it: the whole stack on loopback, then Ctrl-C. Runs on its own
 * ports (devnet base 24000) with a throwaway indexer database, so it never meets a running stack.
 */
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { test } from 'node:test'
import { interruptAndCheckFree, portOpen, stateDir, stopIfRunning } from './startKit.ts'

const root = resolve(import.meta.dirname, '..')
const entry = join(root, 'scripts/start.ts')

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (l) => lines.push(l))
  return { child, lines }
}

test('behavior: npm start brings every service up on loopback and Ctrl-C leaves nothing listening', async () => {
  const dataDir = stateDir('oxbow-start-')
  const ports = { devnet: 24000, api: 24787, indexer: 24069, relay: 24790, ipfs: 24792, web: 24173 }
  const { child, lines } = start({
    OXBOW_NETWORKS: 'ethereum',
    OXBOW_PORT_BASE: String(ports.devnet),
    OXBOW_MANIFEST: join(root, `.devnet/manifest.${ports.devnet}.json`),
    OXBOW_API_PORT: String(ports.api),
    OXBOW_INDEXER_PORT: String(ports.indexer),
    OXBOW_INDEXER_DATA_DIR: join(dataDir, 'pglite'),
    OXBOW_API_DB_DIR: join(dataDir, 'api'),
    OXBOW_WC_RELAY_PORT: String(ports.relay),
    OXBOW_IPFS_GATEWAY_PORT: String(ports.ipfs),
    OXBOW_WEB_PORT: String(ports.web),
    OXBOW_API_URL: `http://127.0.0.1:${ports.api}`,
    OXBOW_GRAPHQL_URL: `http://127.0.0.1:${ports.indexer}/graphql`,
    OXBOW_WEB_ORIGINS: `http://localhost:${ports.web}`,
  })
  try {
    const deadline = Date.now() + 240_000
    while (!lines.includes('Oxbow is running. Press Ctrl-C to stop.')) {
      assert.equal(child.exitCode, null, `npm start exited early:\n${lines.join('\n')}`)
      assert.ok(Date.now() < deadline, `not running within 240 s:\n${lines.join('\n')}`)
      await new Promise((r) => setTimeout(r, 200))
    }
    for (const name of ['devnet', 'api', 'filler', 'indexer', 'wc-relay', 'web']) {
      assert.ok(
        lines.some((l) => l.startsWith(`[${name}]`) && /\bready\b/.test(l)),
        `${name} said ready`,
      )
    }
    for (const port of Object.values(ports)) assert.ok(await portOpen(port), `port ${port} serves`)
    const web = await fetch(`http://localhost:${ports.web}/swap`)
    assert.equal(web.status, 200)
    assert.match(web.headers.get('content-security-policy') ?? '', /script-src 'self'/)
    // ipfs:// avatars load through the sandbox's IPFS gateway, whose origin img-src names.
    assert.match(
      web.headers.get('content-security-policy') ?? '',
      new RegExp(`img-src [^;]* http://127\\.0\\.0\\.1:${ports.ipfs}(;| )`),
    )
    const unknown = await fetch(
      `http://127.0.0.1:${ports.ipfs}/ipfs/bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e`,
    )
    assert.equal(unknown.status, 404)

    await interruptAndCheckFree(child, ports)
  } finally {
    await stopIfRunning(child)
    rmSync(dataDir, { recursive: true, force: true })
  }
})

test('error: an unknown network is refused in one line naming the valid ones', async () => {
  const { child, lines } = start({ OXBOW_NETWORKS: 'ethereum,solana' })
  const [code] = await once(child, 'exit')
  assert.equal(code, 2)
  assert.match(lines.join('\n'), /^oxbow: Unknown network "solana"\. Known networks: ethereum, unichain, /m)
})
