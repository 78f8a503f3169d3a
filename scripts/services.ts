/**
 * What `npm start` runs, in order. Each service is a workspace script that prints a line starting
 * with `ready` once it serves (the orchestrator waits for it before starting the next one).
 * Add a service here when its app is wired in; keep the order of dependencies.
 */
export interface Service {
  /** Short label used as the log prefix. */
  readonly name: string
  readonly workspace: string
  /** npm script of that workspace that runs the service in the foreground. */
  readonly script: string
  /** Seconds to wait for the `ready` line before giving up. */
  readonly readyTimeoutSeconds: number
}

export const services: readonly Service[] = [
  { name: 'devnet', workspace: '@oxbow/devnet', script: 'serve', readyTimeoutSeconds: 300 },
  { name: 'api', workspace: '@oxbow/api', script: 'serve', readyTimeoutSeconds: 120 },
  { name: 'filler', workspace: '@oxbow/api', script: 'filler', readyTimeoutSeconds: 60 },
  { name: 'indexer', workspace: '@oxbow/indexer', script: 'serve', readyTimeoutSeconds: 600 },
  { name: 'wc-relay', workspace: '@oxbow/sandbox', script: 'serve', readyTimeoutSeconds: 60 },
  { name: 'web', workspace: '@oxbow/web', script: 'serve', readyTimeoutSeconds: 180 },
]
