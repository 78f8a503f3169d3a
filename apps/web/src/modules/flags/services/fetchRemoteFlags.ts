import * as z from 'zod/mini'

const remoteFlagsSchema = z.object({
  flags: z.record(z.string(), z.boolean()),
  experiments: z.optional(z.record(z.string(), z.string())),
})

export interface RemoteFlags {
  readonly flags: Readonly<Record<string, boolean>>
  readonly experiments: Readonly<Record<string, string>>
  /** ISO country of the visitor, from the API's x-origin-country response header. */
  readonly originCountry: string | null
}

/** GET {api}/v1/flags. Throws on network errors or an invalid body (the caller keeps defaults). */
export async function fetchRemoteFlags(apiUrl: string, signal?: AbortSignal): Promise<RemoteFlags> {
  const response = await fetch(new URL('/v1/flags', apiUrl), { signal: signal ?? null, credentials: 'omit' })
  if (!response.ok) throw new Error(`flags: HTTP ${response.status}`)
  const body = remoteFlagsSchema.parse(await response.json())
  const country = response.headers.get('x-origin-country')
  return {
    flags: body.flags,
    experiments: body.experiments ?? {},
    originCountry: country && /^[A-Z]{2}$/.test(country) ? country : null,
  }
}
