import { isFlagName } from '@oxbow/api-contract/flags'
import * as z from 'zod/mini'
import { mergeOverrides, noOverrides, type Overrides, parseOverrides } from '../services/overrides.ts'

const KEY = 'oxbow.overrides'
const storedSchema = z.object({
  flagsOn: z.array(z.string()),
  flagsOff: z.array(z.string()),
  experiments: z.record(z.string(), z.string()),
  layers: z.record(z.string(), z.string()),
  layersOff: z.array(z.string()),
})

let current: Overrides = noOverrides

function readStored(): Overrides {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(sessionStorage.getItem(KEY) ?? 'null'))
    if (!parsed.success) return noOverrides
    return {
      ...parsed.data,
      flagsOn: parsed.data.flagsOn.filter(isFlagName),
      flagsOff: parsed.data.flagsOff.filter(isFlagName),
    }
  } catch {
    return noOverrides
  }
}

/** Called once at start-up: the session's remembered overrides plus the landing URL's. */
export function initOverrides(url: URL, productionHostname: string): Overrides {
  if (url.hostname === productionHostname) {
    current = noOverrides
    return current
  }
  current = mergeOverrides(readStored(), parseOverrides(url.searchParams, url.hostname, productionHostname))
  try {
    sessionStorage.setItem(KEY, JSON.stringify(current))
  } catch {}
  return current
}

export function getOverrides(): Overrides {
  return current
}
