/**
 * Another app of the repo run as a child process for a browser suite (web tests never import other
 * apps, only the devnet fixture): `node --import tsx <entry>` in its own process group, ready once it
 * prints a line starting with `ready`, stopped by its process group.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { join, resolve } from 'node:path'

const repoRoot = resolve(import.meta.dirname, '../../..')

export interface ServiceProcess {
  readonly child: ChildProcess
  /** Its output so far (stdout and stderr), for failure messages. */
  log(): string
  stop(): Promise<void>
}

/** Spawns `node --import tsx <entry>` (a path from the repo root) and waits for its `ready` line. */
export async function startService(options: {
  name: string
  entry: string
  env: Record<string, string>
  readyTimeoutMs?: number
}): Promise<ServiceProcess> {
  // node with tsx's loader, not the tsx command (a second node process in front): 0.4 s less to start
  // on the busy machine, and a service starts for every browser suite.
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(repoRoot, options.entry)], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  })
  let output = ''
  const append = (chunk: Buffer) => {
    output += chunk.toString()
    if (output.length > 200_000) output = output.slice(-100_000)
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  // OXBOW_E2E_SERVICE_LOGS=<dir>: every service's whole output also goes to <dir>/<name>-<pid>.log.
  const logDir = process.env.OXBOW_E2E_SERVICE_LOGS
  if (logDir) {
    const file = createWriteStream(join(logDir, `${options.name}-${child.pid}.log`))
    child.stdout?.pipe(file)
    child.stderr?.pipe(file)
  }
  const exited = new Promise<number | null>((resolveExit) => {
    if (child.exitCode !== null) resolveExit(child.exitCode)
    child.once('exit', (code) => resolveExit(code))
  })

  // The service runs in its own process group, so a test process that dies or is interrupted
  // without reaching stop() must take it down itself: synchronously on exit, and on SIGINT/SIGTERM
  // before re-raising the signal.
  const killGroup = () => {
    try {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null)
        process.kill(-child.pid, 'SIGKILL')
    } catch {}
  }
  const onSignal = (signal: NodeJS.Signals) => {
    killGroup()
    removeGuards()
    process.kill(process.pid, signal)
  }
  const removeGuards = () => {
    process.off('exit', killGroup)
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
  process.once('exit', killGroup)
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  const stop = async () => {
    removeGuards()
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      return
    }
    const timer = setTimeout(() => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
      } catch {}
    }, 3000)
    await exited
    clearTimeout(timer)
  }

  const timeoutMs = options.readyTimeoutMs ?? 120_000
  const deadline = Date.now() + timeoutMs
  try {
    while (!/^ready /m.test(output)) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(
          `${options.name} exited (${child.exitCode ?? child.signalCode}) before ready:\n${output}`,
        )
      }
      if (Date.now() > deadline)
        throw new Error(`${options.name} not ready within ${timeoutMs / 1000} s:\n${output}`)
      await new Promise((r) => setTimeout(r, 50))
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { child, log: () => output, stop }
}
