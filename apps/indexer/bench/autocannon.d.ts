declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    duration?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    /** Each request in turn; `setupRequest` may rewrite one before it is sent. */
    requests?: { setupRequest?: (request: { body?: string }) => { body?: string } }[]
  }
  interface Histogram {
    p50: number
    p90: number
    p99: number
    average: number
    max: number
  }
  export interface Result {
    latency: Histogram
    requests: Histogram & { total: number }
    errors: number
    timeouts: number
    non2xx: number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
