/** Fixtures the fiat suites and the fiat benchmark share. */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'

const repoRoot = resolve(import.meta.dirname, '../../..')

/** The order every fiat suite starts from: 100 US dollars of ETH on ethereum, bought from the US. */
export const buyEthFor100Usd = {
  side: 'buy',
  country: 'US',
  fiatCurrency: 'USD',
  fiatAmount: '100',
  crypto: 'ETH',
  network: 'ethereum',
} as const

export interface RunningFiatSandbox {
  /** Everything the sandbox printed so far. */
  log(): string
  /** Stops the sandbox (its whole process group). */
  stop(): void
}

/**
 * Starts the provider sandboxes (apps/sandbox as a child process, in its own process group) on
 * `sandboxPort` (its WalletConnect relay on `relayPort`), paying out on the devnet of `manifestPath`
 * and posting webhooks under `webhookBase`; resolves once it says its fiat providers are ready.
 */
export async function startFiatSandbox(options: {
  readonly manifestPath: string
  readonly sandboxPort: number
  readonly relayPort: number
  readonly webhookBase: string
}): Promise<RunningFiatSandbox> {
  const child = spawn(
    resolve(repoRoot, 'node_modules/.bin/tsx'),
    [resolve(repoRoot, 'apps/sandbox/src/serve.ts')],
    {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        OXBOW_WC_RELAY_PORT: String(options.relayPort),
        OXBOW_FIAT_SANDBOX_PORT: String(options.sandboxPort),
        OXBOW_MANIFEST: options.manifestPath,
        OXBOW_FIAT_WEBHOOK_BASE: options.webhookBase,
      },
    },
  )
  let log = ''
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (c: Buffer) => {
      log += c.toString()
    })
  const sandbox = {
    log: () => log,
    stop: () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM')
      } catch {}
    },
  }
  const deadline = Date.now() + 60_000
  while (!/^ready .*fiat providers/m.test(log)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      sandbox.stop()
      throw new Error(`sandbox not ready:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return sandbox
}
