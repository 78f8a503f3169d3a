/**
 * The analytics proxy's event model and storage. The web app batches events (page views, web
 * vitals, menu opens, ...) and POSTs them here; each event is checked on its own so one bad event
 * does not drop the batch. Storage is an interface: an in-memory ring buffer now, the API's
 * Postgres table later (same `append`).
 */
import { z } from 'zod'

export const MAX_EVENTS_PER_BATCH = 100
export const MAX_PROPERTIES = 50
const MAX_STRING = 512
/** Events older than this, or further in the future than the skew, are rejected. */
const MAX_EVENT_AGE_MS = 7 * 24 * 60 * 60 * 1000
const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000

export const webVitalNames = ['LCP', 'FCP', 'CLS', 'INP', 'FID', 'TTFB'] as const

const propertyValue = z.union([z.string().max(MAX_STRING), z.number().finite(), z.boolean(), z.null()])

const timestamp = z.union([
  z.number().int().nonnegative(),
  z.iso.datetime({ offset: true }).transform((value) => Date.parse(value)),
])

const baseEvent = z
  .object({
    name: z
      .string()
      .regex(
        /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/,
        'letters, digits, _ . : - (at most 64, starting with a letter)',
      ),
    time: timestamp.optional(),
    timestamp: timestamp.optional(),
    properties: z
      .record(z.string().min(1).max(64), propertyValue)
      .refine((value) => Object.keys(value).length <= MAX_PROPERTIES, `at most ${MAX_PROPERTIES} properties`)
      .default({}),
  })
  .strict()
  .refine((event) => event.time !== undefined || event.timestamp !== undefined, {
    message: 'time (ms since epoch) or timestamp (ms or ISO 8601) is required',
    path: ['timestamp'],
  })

const webVitalProperties = z.object({
  metric: z.enum(webVitalNames),
  value: z.number().finite().nonnegative(),
  rating: z.enum(['good', 'needs-improvement', 'poor']).optional(),
  id: z.string().max(128).optional(),
})

export const batchSchema = z.object({
  events: z.array(z.unknown()).min(1, 'at least one event').max(MAX_EVENTS_PER_BATCH),
})

export interface StoredEvent {
  readonly name: string
  /** When the event happened (client clock), ms since epoch. */
  readonly timestamp: number
  readonly properties: Readonly<Record<string, string | number | boolean | null>>
  readonly receivedAt: number
  readonly origin: string
  readonly build: string | null
  readonly country: string | null
}

export interface EventCheck {
  readonly ok: boolean
  readonly event?: Omit<StoredEvent, 'receivedAt' | 'origin' | 'build' | 'country'>
  readonly problem?: string
}

/** Validates one event of a batch; web-vital events (`web_vital`) also need a known metric and value. */
export function checkEvent(raw: unknown, now: number): EventCheck {
  const parsed = baseEvent.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, problem: `${issue?.path.join('.') || 'event'}: ${issue?.message ?? 'invalid'}` }
  }
  const { name, properties } = parsed.data
  const at = parsed.data.timestamp ?? parsed.data.time ?? now
  if (at < now - MAX_EVENT_AGE_MS || at > now + MAX_CLOCK_SKEW_MS) {
    return { ok: false, problem: 'timestamp: outside the accepted window (7 days back, 5 minutes ahead)' }
  }
  if (name === 'web_vital') {
    const vital = webVitalProperties.safeParse(properties)
    if (!vital.success) {
      const issue = vital.error.issues[0]
      return { ok: false, problem: `properties.${issue?.path.join('.')}: ${issue?.message ?? 'invalid'}` }
    }
  }
  return { ok: true, event: { name, timestamp: at, properties } }
}

export interface AnalyticsStore {
  append(events: readonly StoredEvent[]): Promise<void>
  /** The newest `limit` events, oldest first. */
  recent(limit?: number): Promise<readonly StoredEvent[]>
}

/** Keeps the newest `capacity` events in memory (older ones are overwritten). */
export function createMemoryAnalyticsStore(capacity = 10_000): AnalyticsStore & { readonly size: number } {
  if (!Number.isInteger(capacity) || capacity < 1) throw new Error('capacity must be a positive integer')
  const ring: (StoredEvent | undefined)[] = new Array(capacity)
  let next = 0
  let count = 0
  return {
    get size() {
      return count
    },
    async append(events) {
      for (const event of events) {
        ring[next] = event
        next = (next + 1) % capacity
        count = Math.min(count + 1, capacity)
      }
    },
    async recent(limit = capacity) {
      const take = Math.min(limit, count)
      const out: StoredEvent[] = []
      for (let i = take; i > 0; i--) {
        const event = ring[(next - i + capacity) % capacity]
        if (event) out.push(event)
      }
      return out
    },
  }
}
