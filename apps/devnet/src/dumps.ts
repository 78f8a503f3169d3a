/**
 * Dumped network state on disk: `<dataDir>/dumps/<slug>.state.json` (anvil's state) and
 * `<slug>.meta.json` (fingerprint, the state file's hash, the network's deployment). Written by
 * atomic rename under a per-network lock file so concurrent builders never see half a dump.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { MANIFEST_VERSION, type NetworkDeployment } from '@oxbow/protocol'
import { artifactVersions } from './artifacts.ts'

/** Everything that decides the seeded state: a change in any of it makes old dumps stale. */
const seedSources = [
  'deploy.ts',
  'orders.ts',
  'seed.ts',
  ...readdirSync(join(import.meta.dirname, 'seed'))
    .sort()
    .map((file) => `seed/${file}`),
  'universe.ts',
  'math.ts',
  'accounts.ts',
  'artifacts.ts',
  'contracts/SeedContracts.sol',
]

let fingerprintCache: string | undefined
export function dumpFingerprint(): string {
  if (fingerprintCache) return fingerprintCache
  const hash = createHash('sha256')
  hash.update(`manifest:${MANIFEST_VERSION}\n`)
  hash.update(JSON.stringify(artifactVersions()))
  for (const file of seedSources) hash.update(readFileSync(join(import.meta.dirname, file)))
  fingerprintCache = `v${MANIFEST_VERSION}-${hash.digest('hex').slice(0, 16)}`
  return fingerprintCache
}

export type StoredDeployment = Omit<NetworkDeployment, 'rpcUrl'>

export interface DumpMeta {
  readonly fingerprint: string
  readonly stateSha256: string
  readonly createdAt: string
  readonly deployment: StoredDeployment
}

export function dumpPaths(dataDir: string, slug: string) {
  const dir = join(dataDir, 'dumps')
  return {
    dir,
    state: join(dir, `${slug}.state.json`),
    meta: join(dir, `${slug}.meta.json`),
    lock: join(dir, `${slug}.lock`),
  }
}

export type DumpCheck = { ok: true; meta: DumpMeta } | { ok: false; reason: string | null }

/** Checks a dump without trusting it: fingerprint and content hash must match. */
export async function checkDump(dataDir: string, slug: string): Promise<DumpCheck> {
  const paths = dumpPaths(dataDir, slug)
  let metaText: string
  try {
    metaText = await readFile(paths.meta, 'utf8')
  } catch {
    return { ok: false, reason: null }
  }
  let meta: DumpMeta
  try {
    meta = JSON.parse(metaText) as DumpMeta
    if (
      typeof meta.stateSha256 !== 'string' ||
      typeof meta.deployment !== 'object' ||
      meta.deployment === null
    ) {
      throw new Error('shape')
    }
  } catch {
    return { ok: false, reason: 'its metadata is corrupt' }
  }
  if (meta.fingerprint !== dumpFingerprint()) {
    return {
      ok: false,
      reason: `it was built by another version (${meta.fingerprint}, now ${dumpFingerprint()})`,
    }
  }
  let state: Buffer
  try {
    state = await readFile(paths.state)
  } catch {
    return { ok: false, reason: 'its state file is missing' }
  }
  if (createHash('sha256').update(state).digest('hex') !== meta.stateSha256) {
    return { ok: false, reason: 'its state file is corrupt (hash mismatch)' }
  }
  return { ok: true, meta }
}

/** Writes state and metadata atomically (temp file + rename; metadata last). */
export async function writeDump(
  dataDir: string,
  slug: string,
  state: Buffer,
  deployment: StoredDeployment,
): Promise<DumpMeta> {
  const paths = dumpPaths(dataDir, slug)
  await mkdir(paths.dir, { recursive: true })
  const meta: DumpMeta = {
    fingerprint: dumpFingerprint(),
    stateSha256: createHash('sha256').update(state).digest('hex'),
    createdAt: new Date().toISOString(),
    deployment,
  }
  const suffix = `.${process.pid}.${Date.now()}.tmp`
  await writeFile(paths.state + suffix, state)
  await rename(paths.state + suffix, paths.state)
  await writeFile(paths.meta + suffix, `${JSON.stringify(meta, null, 2)}\n`)
  await rename(paths.meta + suffix, paths.meta)
  return meta
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the per-network build lock (a file holding our pid), waiting while a live process holds
 * it; a lock left by a dead process is taken over. Returns the release function.
 */
export async function acquireBuildLock(
  dataDir: string,
  slug: string,
  onWait: () => void,
  timeoutMs = 300_000,
): Promise<() => Promise<void>> {
  const paths = dumpPaths(dataDir, slug)
  await mkdir(paths.dir, { recursive: true })
  const deadline = Date.now() + timeoutMs
  let told = false
  for (;;) {
    try {
      const handle = await open(paths.lock, 'wx')
      await handle.writeFile(String(process.pid))
      await handle.close()
      return () => rm(paths.lock, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = Number.parseInt(await readFile(paths.lock, 'utf8').catch(() => ''), 10)
    if (Number.isInteger(holder) && holder > 0 && !alive(holder)) {
      await rm(paths.lock, { force: true })
      continue
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out waiting for ${paths.lock} (held by pid ${holder}). Delete it if no devnet is building.`,
      )
    }
    if (!told) {
      onWait()
      told = true
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
}
