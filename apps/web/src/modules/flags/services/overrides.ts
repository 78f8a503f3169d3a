import { type FlagName, isFlagName } from '@oxbow/api-contract/flags'

/** Overrides from the URL (and remembered for the session): flags on/off, experiment and layer groups. */
export interface Overrides {
  readonly flagsOn: readonly FlagName[]
  readonly flagsOff: readonly FlagName[]
  readonly experiments: Readonly<Record<string, string>>
  readonly layers: Readonly<Record<string, string>>
  readonly layersOff: readonly string[]
}

export const noOverrides: Overrides = {
  flagsOn: [],
  flagsOff: [],
  experiments: {},
  layers: {},
  layersOff: [],
}

const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/

function list(value: string | null): string[] {
  if (!value) return []
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
}

function pairs(value: string | null): Record<string, string> {
  const out: Record<string, string> = {}
  for (const item of list(value)) {
    const [name, group, ...rest] = item.split(':')
    if (rest.length > 0 || !name || !group || !NAME.test(name) || !NAME.test(group)) continue
    out[name] = group
  }
  return out
}

/**
 * Reads featureFlagOverride, featureFlagOverrideOff, experimentOverride, layerOverride and
 * layerOverrideOff (comma lists; experiments and layers as name:group). Unknown flags and malformed
 * items are dropped. On the production hostname every override is ignored.
 */
export function parseOverrides(
  search: URLSearchParams,
  hostname: string,
  productionHostname: string,
): Overrides {
  if (hostname === productionHostname) return noOverrides
  const flagsOn = list(search.get('featureFlagOverride')).filter(isFlagName)
  const flagsOff = list(search.get('featureFlagOverrideOff')).filter(isFlagName)
  return {
    flagsOn,
    flagsOff: flagsOff.filter((name) => !flagsOn.includes(name)),
    experiments: pairs(search.get('experimentOverride')),
    layers: pairs(search.get('layerOverride')),
    layersOff: list(search.get('layerOverrideOff')).filter((name) => NAME.test(name)),
  }
}

/** Later overrides win: used to merge the session's remembered overrides with the current URL's. */
export function mergeOverrides(base: Overrides, next: Overrides): Overrides {
  const flagsOn = [...new Set([...base.flagsOn.filter((f) => !next.flagsOff.includes(f)), ...next.flagsOn])]
  const flagsOff = [...new Set([...base.flagsOff.filter((f) => !next.flagsOn.includes(f)), ...next.flagsOff])]
  const layersOff = [...new Set([...base.layersOff, ...next.layersOff])]
  const layers = { ...base.layers, ...next.layers }
  for (const name of layersOff) delete layers[name]
  return { flagsOn, flagsOff, experiments: { ...base.experiments, ...next.experiments }, layers, layersOff }
}

/** Final flag values: registry defaults, then remote values, then overrides. */
export function resolveFlags(
  defaults: Readonly<Record<FlagName, boolean>>,
  remote: Readonly<Record<string, boolean>> | undefined,
  overrides: Overrides,
): Record<FlagName, boolean> {
  const values = { ...defaults }
  for (const [name, value] of Object.entries(remote ?? {})) {
    if (isFlagName(name) && typeof value === 'boolean') values[name] = value
  }
  for (const name of overrides.flagsOn) values[name] = true
  for (const name of overrides.flagsOff) values[name] = false
  return values
}
