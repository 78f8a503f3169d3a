/**
 * Feature flags and experiments served to the web app. The flags and their defaults are
 * `@oxbow/api-contract/flags` (the list the web app reads too); a deployment changes them with
 * OXBOW_FLAGS (src/config.ts).
 */
import { createHash } from 'node:crypto'
import { defaultFlagValues, type FlagName, type FlagValues } from '@oxbow/api-contract/flags'

export type { FlagName }
export type Flags = FlagValues
/** The defaults of every flag (the shared registry's). */
export const flagDefaults: Flags = defaultFlagValues()

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
