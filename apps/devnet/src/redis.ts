/**
 * A throwaway Redis server for tests: REDIS_URL when set (an existing server), else Debian's
 * `redis-server` on 127.0.0.1 and a free port, without persistence, stopped by its pid.
 */
import { spawn, spawnSync } from 'node:child_process'
import { connect } from 'node:net'
import { freePort } from './postgres.ts'

export interface TestRedis {
  readonly url: string
  stop(): Promise<void>
}

const hasRedisServer = () => spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0

/**
 * Why the Redis run is skipped, or false when it runs: only a developer's machine without a server
 * may skip it; under CI (CI=true, which installs redis-server) a missing server fails the suite.
 */
export function redisSkipReason(): string | false {
  if (process.env.REDIS_URL || process.env.CI || hasRedisServer()) return false
  return 'no Redis server: set REDIS_URL or apt-get install redis-server (CI never skips this run)'
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.setTimeout(1_000, () => {
      socket.destroy()
      done(false)
    })
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (data) => {
      socket.destroy()
      done(String(data).startsWith('+PONG'))
    })
    socket.once('error', () => done(false))
  })
}

export async function startTestRedis(): Promise<TestRedis> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => {} }
  const port = await freePort()
  const server = spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: 'ignore' },
  )
  let exited = false
  const exit = new Promise<void>((resolve) => {
    server.once('error', () => resolve())
    server.once('exit', () => resolve())
  }).then(() => {
    exited = true
  })
  const stop = async () => {
    if (!exited) {
      server.kill('SIGTERM')
      const timer = setTimeout(() => server.kill('SIGKILL'), 5_000)
      await exit
      clearTimeout(timer)
    }
  }
  const deadline = Date.now() + 15_000
  while (!(await answersPing(port))) {
    if (exited || Date.now() > deadline) {
      await stop()
      throw new Error('redis-server did not start (apt-get install redis-server)')
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return { url: `redis://127.0.0.1:${port}`, stop }
}
