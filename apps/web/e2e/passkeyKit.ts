/**
 * What the passkey wallet's suites and benchmark share: their stack (a devnet on ethereum, the real
 * API keeping passkeys in PGlite in a fresh directory, the built app with the devnet's manifest,
 * Chromium) and CDP's virtual authenticator (CTAP2, resident keys, user verification, PRF).
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Devnet, startDevnet } from '@oxbow/devnet'
import type { Browser, CDPSession, Page } from 'playwright-core'
import { launchChromium, type RunningWeb, startWeb } from '../test/harness.ts'
import { startApi } from './stack.ts'

export interface PasskeyStack {
  readonly devnet: Devnet
  /** The devnet's ethereum RPC. */
  readonly rpcUrl: string
  readonly api: Awaited<ReturnType<typeof startApi>>
  readonly web: RunningWeb
  readonly browser: Browser
  stop(): Promise<void>
}

export async function startPasskeyStack(ports: {
  readonly devnetPortBase: number
  readonly apiPort: number
  readonly webPort: number
  /** Extra environment of the API (e.g. a raised passkey rate limit for a long suite). */
  readonly apiEnv?: Record<string, string>
}): Promise<PasskeyStack> {
  const devnet = await startDevnet({ networks: ['ethereum'], portBase: ports.devnetPortBase })
  const dbDir = mkdtempSync(join(tmpdir(), 'oxbow-passkey-e2e-'))
  let api: PasskeyStack['api'] | undefined
  let web: RunningWeb | undefined
  let browser: Browser | undefined
  const stop = async () => {
    await browser?.close()
    await web?.close()
    await api?.stop()
    await devnet.stop()
    rmSync(dbDir, { recursive: true, force: true })
  }
  try {
    const rpcUrl = devnet.manifest.networks.ethereum?.rpcUrl ?? ''
    assert.ok(rpcUrl, 'the devnet serves ethereum')
    api = await startApi({
      port: ports.apiPort,
      manifestPath: devnet.manifestPath,
      webOrigin: `http://localhost:${ports.webPort}`,
      env: { ...ports.apiEnv, OXBOW_API_DB_DIR: dbDir },
    })
    web = await startWeb({
      port: ports.webPort,
      config: { environment: 'local', apiUrl: api.url, rpcUrls: { ethereum: rpcUrl } },
      manifestPath: devnet.manifestPath,
    })
    browser = await launchChromium()
    return { devnet, rpcUrl, api, web, browser, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Adds a virtual passkey authenticator (WebAuthn enabled on `cdp` first); returns its id. */
export async function addAuthenticator(
  cdp: CDPSession,
  transport: 'internal' | 'usb' = 'internal',
): Promise<string> {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport,
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      hasPrf: true,
      automaticPresenceSimulation: true,
    },
  })
  return authenticatorId
}

export const connectDrawer = (page: Page) => page.getByRole('dialog', { name: 'Log in or connect' })
/** The connected wallet's address in the wallet modal. */
export const walletAddress = (page: Page) => page.getByTestId('wallet-address')

/**
 * Creates a passkey wallet from the header's Connect on `url` (the embedded wallet's flag on):
 * returns the address the wallet modal shows once connected.
 */
export async function createPasskeyWallet(page: Page, url: string): Promise<string> {
  await page.goto(url)
  await page.locator('header').getByRole('button', { name: 'Connect', exact: true }).click()
  await connectDrawer(page).getByRole('button', { name: 'Create a wallet with a passkey' }).click()
  await walletAddress(page).waitFor({ timeout: 40_000 })
  return (await walletAddress(page).textContent()) ?? ''
}
