import {
  type Preferences,
  preferencesStore,
  usePreferences,
  type WalletBackupState,
} from '../../preferences/index.ts'

/**
 * The download-wallet card's dismissal period (the spec names a dismissal constant without its
 * unit: one day here): after any dismissal no card shows for 30 periods.
 */
export const BACKUP_DISMISSAL_PERIOD_MS = 24 * 60 * 60 * 1000
export const BACKUP_DISMISSAL_PERIODS = 30

type WalletBackup = Preferences['walletBackup']

export function backupStateOf(backup: WalletBackup, address: string): WalletBackupState {
  return backup.byAddress[address.toLowerCase()]?.state ?? 'notBackedUp'
}

/**
 * The spec's rule: the card shows only for the embedded wallet, not backed up, not dismissed for
 * that address, and not dismissed (for any address) within the last 30 dismissal periods.
 */
export function showBackupCard(input: {
  embedded: boolean
  address: string | null
  backup: WalletBackup
  now: number
}): boolean {
  const { embedded, address, backup, now } = input
  if (!embedded || !address) return false
  const entry = backup.byAddress[address.toLowerCase()]
  if (entry?.state === 'complete' || entry?.dismissed) return false
  const last = backup.lastDismissedAt
  return last === null || now - last >= BACKUP_DISMISSAL_PERIODS * BACKUP_DISMISSAL_PERIOD_MS
}

function update(address: string, change: Partial<WalletBackup['byAddress'][string]>, dismissedAt?: number) {
  preferencesStore.set((previous) => {
    const key = address.toLowerCase()
    const entry = previous.walletBackup.byAddress[key] ?? { state: 'notBackedUp', dismissed: false }
    return {
      ...previous,
      walletBackup: {
        ...previous.walletBackup,
        byAddress: { ...previous.walletBackup.byAddress, [key]: { ...entry, ...change } },
        lastDismissedAt: dismissedAt ?? previous.walletBackup.lastDismissedAt,
      },
    }
  })
}

export function setBackupState(address: string, state: WalletBackupState): void {
  update(address, { state })
}

export function dismissBackupCard(address: string, now = Date.now()): void {
  update(address, { dismissed: true }, now)
}

/** A backup interrupted by a reload never completed: it is 'not backed up' again. */
export function settleInterruptedBackups(backup: WalletBackup): WalletBackup {
  const entries = Object.entries(backup.byAddress)
  if (!entries.some(([, entry]) => entry.state === 'inProgress')) return backup
  return {
    ...backup,
    byAddress: Object.fromEntries(
      entries.map(([key, entry]) => [
        key,
        entry.state === 'inProgress' ? { ...entry, state: 'notBackedUp' as const } : entry,
      ]),
    ),
  }
}

// Loaded once per page (with the drawer), before any backup of this page can start.
preferencesStore.set((previous) => {
  const walletBackup = settleInterruptedBackups(previous.walletBackup)
  return walletBackup === previous.walletBackup ? previous : { ...previous, walletBackup }
})

export function useWalletBackup(): WalletBackup {
  return usePreferences().walletBackup
}
