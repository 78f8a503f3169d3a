/** Starting and stopping anvil nodes (the binary from the pinned npm package). */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { AnvilError, PortInUseError } from './errors.ts'

const require = createRequire(import.meta.url)

/** Path of the anvil binary shipped in `@foundry-rs/anvil`'s platform package. */
export function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`
  let dir: string
  try {
    dir = dirname(require.resolve(`${pkg}/package.json`))
  } catch {
    throw new AnvilError(`anvil binary package ${pkg} is not installed. Run: npm ci`)
  }
  const bin = join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil')
  if (!existsSync(bin)) throw new AnvilError(`anvil binary missing at ${bin}. Run: npm ci`)
  return bin
}

/** Resolves if nothing listens on 127.0.0.1:port, else throws {@link PortInUseError}. */
export function assertPortFree(port: number, network: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', () => reject(new PortInUseError(port, network)))
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve()))
  })
}

export interface AnvilOptions {
  readonly port: number
  readonly chainId: number
  /** Genesis timestamp (seconds); only for a fresh chain. */
  readonly timestamp?: number
  /** State file written by a previous run (JSON). */
  readonly loadState?: string
}

export interface AnvilNode {
  readonly pid: number
  readonly port: number
  readonly rpcUrl: string
  /** Where this node persists old states (`--cache-path`); removed when the node exits. */
  readonly cacheDir: string
  readonly process: ChildProcess
  stop(): Promise<void>
}

async function answers(rpcUrl: string): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}',
    })
    return response.ok
  } catch {
    return false
  }
}

/**
 * Parent of every node's `--cache-path`. Without one, anvil writes old states under
 * `~/.foundry/anvil/tmp` and leaves them there when it is killed: kill -9 in the fault tests and
 * interrupted runs once left 73 GB behind and filled the disk.
 */
export const ANVIL_CACHE_ROOT = join(tmpdir(), 'oxbow-anvil')

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Removes cache directories whose creating process (the number before the dash) is gone. */
export function sweepAnvilCaches(root: string = ANVIL_CACHE_ROOT): void {
  let names: string[]
  try {
    names = readdirSync(root)
  } catch {
    return
  }
  for (const name of names) {
    const owner = Number(name.split('-')[0])
    if (Number.isSafeInteger(owner) && owner > 0 && !processAlive(owner)) {
      rmSync(join(root, name), { recursive: true, force: true })
    }
  }
}

function newCacheDir(): string {
  sweepAnvilCaches()
  mkdirSync(ANVIL_CACHE_ROOT, { recursive: true })
  return mkdtempSync(join(ANVIL_CACHE_ROOT, `${process.pid}-`))
}

/**
 * Spawns anvil bound to 127.0.0.1 and resolves once it answers JSON-RPC. The child stays in this
 * process's group, so killing the group (as `npm start` does) takes it down too.
 */
export async function startAnvil(options: AnvilOptions): Promise<AnvilNode> {
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--chain-id',
    String(options.chainId),
    '--hardfork',
    'prague',
    '--silent',
  ]
  const cacheDir = newCacheDir()
  args.push('--cache-path', cacheDir)
  if (options.timestamp !== undefined) args.push('--timestamp', String(options.timestamp))
  if (options.loadState !== undefined) args.push('--load-state', options.loadState)
  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000)
  })
  const rpcUrl = `http://127.0.0.1:${options.port}`
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      rmSync(cacheDir, { recursive: true, force: true })
      resolve()
    }),
  )
  const node: AnvilNode = {
    pid: child.pid ?? -1,
    port: options.port,
    rpcUrl,
    cacheDir,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(timer)
    },
  }
  const deadline = Date.now() + 20_000
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const reason = stderr.trim().split('\n').slice(-3).join(' ').trim()
      throw new AnvilError(`anvil on port ${options.port} exited at start-up${reason ? `: ${reason}` : ''}`)
    }
    if (await answers(rpcUrl)) return node
    if (Date.now() > deadline) {
      await node.stop()
      throw new AnvilError(`anvil on port ${options.port} did not answer within 20 s`)
    }
    await new Promise((resolve) => setTimeout(resolve, 15))
  }
}

/**
 * Kills the given anvil pids if this process dies without cleaning up (SIGKILL, crash): a tiny
 * detached shell polls our pid. Returns a function that cancels the watchdog.
 */
export function startOrphanWatchdog(pids: readonly number[]): () => void {
  if (pids.length === 0 || process.platform === 'win32') return () => {}
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; kill ${pids.join(' ')} 2>/dev/null`
  const watchdog = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' })
  watchdog.unref()
  return () => {
    try {
      if (watchdog.pid !== undefined) process.kill(watchdog.pid, 'SIGKILL')
    } catch {}
  }
}
