/**
 * Which providers the API uses, from configuration. Locally: the sandboxes of apps/sandbox, whose
 * keys are read from the sandbox's dashboard endpoint on first use. Otherwise: OXBOW_FIAT_PROVIDERS,
 * a JSON object `{ "<id>": { "url", "apiKey", "secretKey", "webhookSecret" } }` (server-side only).
 */
import { z } from 'zod'
import type { ApiConfig } from '../config.ts'
import type { FiatProviderAdapter, ProviderKind } from './adapter.ts'
import { createSandboxAdapter } from './sandboxAdapter.ts'
import type { ProviderCredentials } from './sandboxProtocol.ts'

/** The providers an adapter exists for. */
export const knownProviders: readonly { id: string; name: string; kind: ProviderKind }[] = [
  { id: 'beacon', name: 'Beacon', kind: 'ramp' },
  { id: 'orbit', name: 'Orbit', kind: 'ramp' },
  { id: 'tidal', name: 'Tidal', kind: 'ramp' },
  { id: 'coinbridge', name: 'Coinbridge', kind: 'exchange' },
]

const credentialsSchema = z.object({
  apiKey: z.string().min(1),
  secretKey: z.string().min(1),
  webhookSecret: z.string().min(1),
})
const dashboardSchema = z.object({ providers: z.record(z.string(), credentialsSchema) })

/** Reads the sandbox's keys once (retrying after a failure). */
export function sandboxCredentials(sandboxUrl: string): (id: string) => Promise<ProviderCredentials> {
  let pending: Promise<Record<string, ProviderCredentials>> | null = null
  return async (id) => {
    pending ??= fetch(`${sandboxUrl}/dashboard/credentials`, { signal: AbortSignal.timeout(3000) })
      .then(async (response) => dashboardSchema.parse(await response.json()).providers)
      .catch((error) => {
        pending = null
        throw error
      })
    const found = (await pending)[id]
    if (!found) throw new Error(`the sandbox has no provider ${id}`)
    return found
  }
}

export function providersFromConfig(
  config: Pick<ApiConfig, 'OXBOW_ENVIRONMENT' | 'OXBOW_FIAT_SANDBOX_URL' | 'OXBOW_FIAT_PROVIDERS'>,
): FiatProviderAdapter[] {
  if (config.OXBOW_FIAT_PROVIDERS) {
    return knownProviders.flatMap((p) => {
      const entry = config.OXBOW_FIAT_PROVIDERS?.[p.id]
      if (!entry) return []
      const { url, ...credentials } = entry
      return [createSandboxAdapter({ ...p, baseUrl: url, credentials: async () => credentials })]
    })
  }
  const sandboxUrl = config.OXBOW_FIAT_SANDBOX_URL
  if (config.OXBOW_ENVIRONMENT !== 'local' || !sandboxUrl) return []
  const keys = sandboxCredentials(sandboxUrl)
  return knownProviders.map((p) =>
    createSandboxAdapter({ ...p, baseUrl: `${sandboxUrl}/${p.id}`, credentials: () => keys(p.id) }),
  )
}
