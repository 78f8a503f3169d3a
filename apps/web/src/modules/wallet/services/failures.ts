/** One failed connection attempt, as the spec asks it to be logged. */
export interface ConnectFailure {
  readonly walletName: string
  readonly walletType: string
  readonly page: string
  readonly message: string
}

type Sink = (failure: ConnectFailure) => void
let sink: Sink | undefined
const recent: ConnectFailure[] = []

/** Where failures go (the app passes its analytics client's `track`); without one they are kept only here. */
export function setConnectFailureSink(next: Sink | undefined): void {
  sink = next
}

export function reportConnectFailure(failure: ConnectFailure): void {
  recent.push(failure)
  if (recent.length > 20) recent.shift()
  sink?.(failure)
}

export function recentConnectFailures(): readonly ConnectFailure[] {
  return recent
}
