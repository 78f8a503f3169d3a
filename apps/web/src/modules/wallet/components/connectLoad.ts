import { createStore } from '../../../lib/createStore.ts'
import { loadWalletRuntime } from '../services/loadWalletRuntime.ts'

/** Whether loading the wallet layer for the connect view failed (the view offers a retry). */
export const loadFailedStore = createStore(false)

/** Loads the wallet layer for the connect view, recording a failure for its retry button. */
export function loadForDrawer(): void {
  loadFailedStore.set(false)
  loadWalletRuntime().catch(() => loadFailedStore.set(true))
}
