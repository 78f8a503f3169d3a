import { type UploadStatus, uploadStatus } from './uploadStatus.ts'

export interface AnalyticsEvent {
  readonly name: string
  readonly properties: Readonly<Record<string, string | number | boolean | null>>
  readonly time: number
}

export interface AnalyticsClient {
  /** Usage and performance data: sampled sessions only, sent in batches. */
  track(name: string, properties?: AnalyticsEvent['properties']): void
  /** Error reports: sent by every session, at once (with whatever is queued). */
  report(name: string, properties?: AnalyticsEvent['properties']): Promise<UploadStatus | 'empty'>
  flush(): Promise<UploadStatus | 'empty'>
  readonly sampled: boolean
}

export interface AnalyticsOptions {
  readonly apiUrl: string
  readonly buildHash: string
  readonly sampled: boolean
  /** The user's analytics setting, read at each event: off sends no usage data (error reports still go). */
  readonly allowed?: () => boolean
  readonly flushIntervalMs?: number
}

/**
 * Batches events and POSTs them to {api}/v1/analytics (the API's analytics proxy). Unsampled
 * sessions, and users who turned analytics off, send no usage or performance data, only error reports. Failures are counted by status, never thrown and never logged as errors:
 * analytics must not disturb the app.
 */
export function createAnalyticsClient(options: AnalyticsOptions): AnalyticsClient {
  let queue: AnalyticsEvent[] = []
  /** Error reports in the queue: the only events sent once the user turned analytics off. */
  const reports = new WeakSet<AnalyticsEvent>()
  const flushIntervalMs = options.flushIntervalMs ?? 5000
  let timer: ReturnType<typeof setTimeout> | undefined

  async function flush(): Promise<UploadStatus | 'empty'> {
    if (timer) clearTimeout(timer)
    timer = undefined
    // Turned off after these were queued: the usage data is dropped unsent.
    if (options.allowed?.() === false) queue = queue.filter((event) => reports.has(event))
    if (queue.length === 0) return 'empty'
    const events = queue.slice(0, 100)
    queue = queue.slice(100)
    let status: number | undefined
    try {
      const response = await fetch(new URL('/v1/analytics', options.apiUrl), {
        method: 'POST',
        keepalive: true,
        credentials: 'omit',
        headers: {
          'content-type': 'application/json',
          'x-application-origin': globalThis.location?.origin ?? 'unknown',
          'x-application-build': options.buildHash,
        },
        body: JSON.stringify({ events }),
      })
      status = response.status
    } catch {
      status = undefined
    }
    return uploadStatus(status)
  }

  return {
    sampled: options.sampled,
    track(name, properties = {}) {
      if (!options.sampled || options.allowed?.() === false) return
      queue.push({ name, properties, time: Date.now() })
      timer ??= setTimeout(() => void flush(), flushIntervalMs)
    },
    report(name, properties = {}) {
      const event = { name, properties, time: Date.now() }
      reports.add(event)
      queue.push(event)
      return flush()
    },
    flush,
  }
}

/** Decides once per session (10 % by default) whether this session reports performance data. */
export function isSessionSampled(
  rate: number,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  random = Math.random,
): boolean {
  const KEY = 'oxbow.analyticsSampled'
  const stored = storage.getItem(KEY)
  if (stored === 'true' || stored === 'false') return stored === 'true'
  const sampled = random() < rate
  storage.setItem(KEY, String(sampled))
  return sampled
}
