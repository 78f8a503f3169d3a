/**
 * Feature flags and experiments served to the web app. The names are exactly those of the web
 * app's flag registry (apps/web/src/modules/flags/services/registry.ts); the web ignores names it
 * does not know, so a flag must be added there and here.
 */
import { createHash } from 'node:crypto'

export const flagDefaults = {
  embeddedWallet: false,
  mismatchUx: false,
  forcePermits: false,
  batchedSwaps: false,
  solana: false,
  disableWalletCapabilitiesCheck: false,
  extensionDeeplinks: false,
  poolSearch: true,
  nftRoutes: true,
  limits: true,
  migrate: true,
  passkeyExtensionLogin: true,
} as const satisfies Record<string, boolean>

export type FlagName = keyof typeof flagDefaults
export type Flags = Readonly<Record<FlagName, boolean>>

export interface Experiment {
  readonly name: string
  /** Groups with integer weights (share of subjects, out of the weights' sum). */
  readonly groups: readonly { readonly name: string; readonly weight: number }[]
}

/** Running experiments. Subjects without an identity always get the first group (control). */
export const experiments: readonly Experiment[] = [
  {
    name: 'swapButtonCopy',
    groups: [
      { name: 'control', weight: 50 },
      { name: 'reviewSwap', weight: 50 },
    ],
  },
  {
    name: 'landingTokenCloud',
    groups: [
      { name: 'control', weight: 80 },
      { name: 'dense', weight: 20 },
    ],
  },
]

/** The served flags: the defaults (the same as the web's) with the deployment's overrides. */
export function resolveFlags(overrides: Partial<Flags> = {}): Flags {
  return { ...flagDefaults, ...overrides }
}

/**
 * The group of `subject` (a lower-cased wallet address, or null when unknown) in each experiment:
 * a stable hash of experiment and subject picks a bucket, so a wallet stays in its group.
 */
export function assignExperiments(
  subject: string | null,
  list: readonly Experiment[] = experiments,
): Record<string, string> {
  const result: Record<string, string> = {}
  for (const experiment of list) {
    const first = experiment.groups[0]
    if (!first) continue
    if (subject === null) {
      result[experiment.name] = first.name
      continue
    }
    const total = experiment.groups.reduce((sum, group) => sum + group.weight, 0)
    const digest = createHash('sha256').update(`${experiment.name}:${subject}`).digest()
    let bucket = digest.readUInt32BE(0) % total
    let chosen = first.name
    for (const group of experiment.groups) {
      if (bucket < group.weight) {
        chosen = group.name
        break
      }
      bucket -= group.weight
    }
    result[experiment.name] = chosen
  }
  return result
}
