import assert from 'node:assert/strict'
import { test } from 'node:test'
import { defaultPreferences, parsePreferences } from '../../preferences/index.ts'
import {
  BACKUP_DISMISSAL_PERIOD_MS,
  BACKUP_DISMISSAL_PERIODS,
  settleInterruptedBackups,
  showBackupCard,
} from './walletBackup.ts'

const A = '0x00000000000000000000000000000000000000aa'
const B = '0x00000000000000000000000000000000000000bb'
const now = Date.UTC(2026, 10, 28)
const empty = defaultPreferences.walletBackup
const show = (input: Partial<Parameters<typeof showBackupCard>[0]>) =>
  showBackupCard({ embedded: true, address: A, backup: empty, now, ...input })

test('the backup card shows for the embedded wallet not yet backed up, never for another wallet', () => {
  assert.equal(show({}), true)
  assert.equal(show({ address: A.toUpperCase().replace('0X', '0x') }), true)
  assert.equal(show({ embedded: false }), false)
  assert.equal(show({ address: null }), false)
  const inProgress = { ...empty, byAddress: { [A]: { state: 'inProgress' as const, dismissed: false } } }
  assert.equal(show({ backup: inProgress }), true)
  const complete = { ...empty, byAddress: { [A]: { state: 'complete' as const, dismissed: false } } }
  assert.equal(show({ backup: complete }), false)
  assert.equal(show({ backup: complete, address: B }), true, 'backup state is per address')
})

test('a dismissal hides the card for that address for good, and any card for 30 dismissal periods', () => {
  const period = BACKUP_DISMISSAL_PERIOD_MS
  assert.equal(BACKUP_DISMISSAL_PERIODS, 30)
  const dismissedA = {
    ...empty,
    byAddress: { [A]: { state: 'notBackedUp' as const, dismissed: true } },
    lastDismissedAt: now - 40 * period,
  }
  assert.equal(show({ backup: dismissedA }), false, 'dismissed for this address, however long ago')
  assert.equal(show({ backup: dismissedA, address: B }), true, 'another address after 30 periods')
  const recent = { ...dismissedA, lastDismissedAt: now - 30 * period + 1 }
  assert.equal(show({ backup: recent, address: B }), false, 'within the last 30 periods')
  assert.equal(show({ backup: { ...recent, lastDismissedAt: now - 30 * period }, address: B }), true)
})

test('backup state persists in the preferences store, validated on load', () => {
  const stored = JSON.stringify({
    walletBackup: {
      version: 1,
      byAddress: { [A]: { state: 'complete', dismissed: false } },
      lastDismissedAt: 5,
    },
  })
  assert.deepEqual(parsePreferences(stored).walletBackup, {
    version: 1,
    byAddress: { [A]: { state: 'complete', dismissed: false } },
    lastDismissedAt: 5,
  })
  for (const walletBackup of [
    { version: 2, byAddress: {}, lastDismissedAt: null },
    { version: 1, byAddress: { [A]: { state: 'done', dismissed: false } }, lastDismissedAt: null },
    {
      version: 1,
      byAddress: { notAnAddress: { state: 'complete', dismissed: false } },
      lastDismissedAt: null,
    },
    { version: 1, byAddress: {}, lastDismissedAt: 'yesterday' },
  ]) {
    assert.deepEqual(parsePreferences(JSON.stringify({ walletBackup })).walletBackup, empty)
  }
})

test('a backup interrupted by a reload is not backed up again', () => {
  const backup = {
    ...empty,
    byAddress: {
      [A]: { state: 'inProgress' as const, dismissed: false },
      [B]: { state: 'complete' as const, dismissed: false },
    },
  }
  assert.deepEqual(settleInterruptedBackups(backup).byAddress, {
    [A]: { state: 'notBackedUp', dismissed: false },
    [B]: { state: 'complete', dismissed: false },
  })
  assert.equal(settleInterruptedBackups(empty), empty)
})
