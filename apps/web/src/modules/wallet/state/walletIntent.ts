import { safeStorage } from '../../../lib/createStore.ts'

/**
 * What the URL asked of the wallet layer: eagerly connect (`eagerlyConnect`), as a given account
 * (`eagerlyConnectAddress`, kept only when valid), or disconnect (`intro=true`).
 */
export interface WalletIntent {
  readonly eagerlyConnect: boolean
  readonly eagerlyConnectAddress: `0x${string}` | null
  readonly disconnectRequested: boolean
}

const session = safeStorage('session')
const KEY = 'oxbow.walletIntent'
let intent: WalletIntent = { eagerlyConnect: false, eagerlyConnectAddress: null, disconnectRequested: false }

export function setWalletIntent(next: Partial<WalletIntent>): void {
  intent = { ...intent, ...next }
  session.set(KEY, JSON.stringify(intent))
}

export function getWalletIntent(): WalletIntent {
  return intent
}
