/** Spec section 4: after a wallet connects from the landing, it fades and moves to /swap after this. */
export const LANDING_REDIRECT_DELAY_MS = 600

export interface ConnectSnapshot {
  readonly connected: boolean
  readonly modalOpen: boolean
}

/**
 * The landing's transition rule: a wallet connected (it was not before) while the connect modal
 * was open. The modal closes itself right after a connection, so an open modal in either snapshot
 * counts; a restored connection (no modal) does not move the page.
 */
export function shouldLeaveLanding(before: ConnectSnapshot, now: ConnectSnapshot): boolean {
  return now.connected && !before.connected && (before.modalOpen || now.modalOpen)
}
