/**
 * `npm start`: starts every service of Oxbow on loopback, in dependency order, prefixes their
 * output, and stops them all (each by its process group) on Ctrl-C, SIGTERM or SIGHUP. A service that dies
 * after it was ready (a crash, kill -9) is started again, its leftover processes killed first; the
 * devnet is not (its chains live in memory) and a service dying more than
 * RESTARTS_PER_MINUTE times a minute is not: then everything stops.
 * Arguments after `--` go to every service (e.g. `npm start -- --fresh`).
 * OXBOW_NETWORKS=ethereum,base selects a subset of networks.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { parseNetworkList, UnknownNetworkError } from '@oxbow/chains'
import { services } from './services.ts'

const args = process.argv.slice(2)
const running: ChildProcess[] = []
let stopping = false
const RESTARTS_PER_MINUTE = 5
const restarts = new Map<string, number[]>()

try {
  parseNetworkList(process.env.OXBOW_NETWORKS)
} catch (error) {
  if (error instanceof UnknownNetworkError) {
    console.error(`oxbow: ${error.message}`)
    process.exit(2)
  }
  throw error
}

/** True while any process of the service's group is alive (the leader may be gone already). */
function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false
  try {
    process.kill(-child.pid, 0)
    return true
  } catch {
    return false
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal)
  } catch {}
}

/**
 * Stops every service, newest first, and exits only when every process of every service's group
 * is gone: a service's npm wrapper exits before the server it started has released its port.
 * Whatever still runs after 10 s is killed.
 */
function stopAll(code: number): void {
  if (stopping) return
  stopping = true
  for (const child of [...running].reverse()) signalGroup(child, 'SIGTERM')
  const deadline = Date.now() + 10_000
  const timer = setInterval(() => {
    const alive = running.filter(groupAlive)
    if (alive.length > 0 && Date.now() < deadline) return
    for (const child of alive) signalGroup(child, 'SIGKILL')
    clearInterval(timer)
    process.exit(code)
  }, 50)
}

process.on('SIGINT', () => stopAll(0))
process.on('SIGTERM', () => stopAll(0))
// A closed terminal (SIGHUP) stops everything too, rather than leaving the services running.
process.on('SIGHUP', () => stopAll(0))

/** Starts `service` again after it died: its group killed, then the same start, ready awaited. */
function restart(service: (typeof services)[number], died: ChildProcess, prefix: string): void {
  const now = Date.now()
  const recent = (restarts.get(service.name) ?? []).filter((t) => now - t < 60_000)
  if (!service.restartable || recent.length >= RESTARTS_PER_MINUTE) {
    console.error(`${prefix} cannot be restarted; stopping everything`)
    stopAll(1)
    return
  }
  restarts.set(service.name, [...recent, now])
  signalGroup(died, 'SIGKILL')
  if (running.includes(died)) running.splice(running.indexOf(died), 1)
  console.error(`${prefix} restarting`)
  startService(service).catch((error: unknown) => {
    console.error(`oxbow: ${error instanceof Error ? error.message : String(error)}`)
    stopAll(1)
  })
}

async function startService(service: (typeof services)[number]): Promise<void> {
  const child = spawn('npm', ['run', '--silent', service.script, '-w', service.workspace, '--', ...args], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...service.env?.(process.env), ...process.env },
  })
  running.push(child)
  const prefix = `[${service.name}]`.padEnd(10)
  let ready = false
  await new Promise<void>((resolve, reject) => {
    const timeout = setTimeout(
      () => reject(new Error(`${service.name} did not become ready within ${service.readyTimeoutSeconds}s`)),
      service.readyTimeoutSeconds * 1000,
    )
    const drained: Promise<void>[] = []
    for (const stream of [child.stdout, child.stderr]) {
      const lines = createInterface({ input: stream })
      drained.push(new Promise((done) => lines.once('close', done)))
      lines.on('line', (line) => {
        console.log(`${prefix} ${line}`)
        if (!ready && /^ready\b/i.test(line)) {
          ready = true
          clearTimeout(timeout)
          resolve()
        }
      })
    }
    child.on('exit', (code, signal) => {
      clearTimeout(timeout)
      // A service that fails to start says why on its way out: print that before giving up (its
      // last lines can still be in the pipe when the exit is seen), waiting at most a second.
      if (!ready)
        void Promise.race([Promise.all(drained), new Promise((done) => setTimeout(done, 1_000))]).then(() =>
          reject(new Error(`${service.name} exited before it was ready (code ${code ?? signal})`)),
        )
      else if (!stopping) {
        console.error(`${prefix} exited (code ${code ?? signal})`)
        restart(service, child, prefix)
      }
    })
  })
}

try {
  for (const service of services) await startService(service)
  console.log('\nOxbow is running. Press Ctrl-C to stop.')
} catch (error) {
  console.error(`oxbow: ${error instanceof Error ? error.message : String(error)}`)
  stopAll(1)
}
