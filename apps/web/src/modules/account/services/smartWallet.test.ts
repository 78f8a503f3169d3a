import assert from 'node:assert/strict'
import { test } from 'node:test'
import { type SmartWalletInputs, smartWalletStatus } from './smartWallet.ts'

const base: SmartWalletInputs = {
  networkBatching: true,
  detail: { currentDelegationAddress: null, isWalletDelegatedToProvider: false },
  batching: 'ready',
  canSetDelegation: true,
}
const ours = {
  currentDelegationAddress: '0xe6Cae83BdE06E4c305530e199D7217f42808555B',
  isWalletDelegatedToProvider: true,
}
const other = {
  currentDelegationAddress: '0x00000000000000000000000000000000000000aa',
  isWalletDelegatedToProvider: false,
}

test('behavior: the spec smart-wallet states per network', () => {
  assert.equal(smartWalletStatus(base), 'inactive')
  assert.equal(smartWalletStatus({ ...base, detail: ours, batching: 'supported' }), 'active')
  assert.equal(smartWalletStatus({ ...base, detail: other, batching: 'unsupported' }), 'actionRequired')
  assert.equal(smartWalletStatus({ ...base, networkBatching: false, detail: ours }), 'unavailable')
  // A wallet without batching that the app cannot upgrade: unavailable.
  assert.equal(
    smartWalletStatus({ ...base, batching: 'unsupported', canSetDelegation: false }),
    'unavailable',
  )
  // A wallet that upgrades itself on its first batch: inactive until then.
  assert.equal(smartWalletStatus({ ...base, canSetDelegation: false }), 'inactive')
})

test('error: a failed delegation check counts as not delegated (the wallet still answers)', () => {
  assert.equal(smartWalletStatus({ ...base, detail: null }), 'inactive')
  assert.equal(smartWalletStatus({ ...base, detail: null, batching: 'supported' }), 'active')
  assert.equal(
    smartWalletStatus({ ...base, detail: null, batching: 'unsupported', canSetDelegation: false }),
    'unavailable',
  )
})
