import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { createInterface } from 'node:readline'
import { test } from 'node:test'

const entry = new URL('./server.ts', import.meta.url).pathname

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: string[] = []
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on('line', (l) => lines.push(l))
  return { child, lines }
}

test('behavior: serves on loopback, says ready, and exits on SIGTERM', async () => {
  const { child, lines } = run({ OXBOW_API_PORT: '22787' })
  let timer: NodeJS.Timeout | undefined
  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 20_000
    timer = setInterval(() => {
      if (lines.some((l) => l.startsWith('ready http://127.0.0.1:22787'))) resolve()
      else if (child.exitCode !== null) reject(new Error(lines.join('\n')))
      else if (Date.now() > deadline) reject(new Error('not ready in 20 s'))
    }, 50)
  }).finally(() => clearInterval(timer))
  const res = await fetch('http://127.0.0.1:22787/health')
  assert.deepEqual(await res.json(), { ok: true })
  child.kill('SIGTERM')
  const [code] = await once(child, 'exit')
  assert.equal(code, 0)
})

test('error: a port in use is a one-line error naming the port and the fix', async () => {
  const blocker = createServer().listen(22788, '127.0.0.1')
  await once(blocker, 'listening')
  try {
    const { child, lines } = run({ OXBOW_API_PORT: '22788' })
    const [code] = await once(child, 'exit')
    assert.equal(code, 2)
    assert.ok(
      lines.includes('api: port 22788 is already in use; set OXBOW_API_PORT to a free port'),
      lines.join('\n'),
    )
  } finally {
    blocker.close()
  }
})

test('error: invalid configuration stops start-up with the variable named', async () => {
  const { child, lines } = run({ OXBOW_API_HOST: '0.0.0.0' })
  const [code] = await once(child, 'exit')
  assert.equal(code, 2)
  assert.match(lines.join('\n'), /^api: Invalid API configuration: OXBOW_API_HOST/m)
})
