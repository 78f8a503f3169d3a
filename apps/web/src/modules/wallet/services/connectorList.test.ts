import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  type ListRules,
  mergeWalletPlatforms,
  normalizedWalletName,
  visibleWallets,
  type WalletEntry,
} from './connectorList.ts'

const entries: WalletEntry[] = [
  { id: 'io.metamask', name: 'MetaMask', kind: 'injected' },
  { id: 'com.coinbase.wallet', name: 'Coinbase Wallet', kind: 'injected' },
  { id: 'exchange.oxbow.extension', name: 'Oxbow Extension', kind: 'injected' },
  { id: 'oxbowLocal', name: 'Local test wallet', kind: 'local' },
  { id: 'mock', name: 'Mock', kind: 'mock' },
  { id: 'walletConnect', name: 'WalletConnect', kind: 'walletConnect' },
]
const rules: ListRules = { testMode: false, environment: 'local', embeddedWallet: false, recentId: null }
const ids = (list: WalletEntry[]) => list.map((entry) => entry.id)

test('test mode shows only the mock connector', () => {
  assert.deepEqual(ids(visibleWallets(entries, { ...rules, testMode: true })), ['mock'])
})

test('the card-wallet and own extension are excluded; the extension returns with the embedded wallet', () => {
  assert.deepEqual(ids(visibleWallets(entries, rules)), ['io.metamask', 'oxbowLocal', 'walletConnect'])
  assert.ok(
    ids(visibleWallets(entries, { ...rules, embeddedWallet: true })).includes('exchange.oxbow.extension'),
  )
})

test('the local test wallet is offered only in the local environment', () => {
  assert.ok(!ids(visibleWallets(entries, { ...rules, environment: 'mainnet' })).includes('oxbowLocal'))
})

test('the most recently used connector sorts first, the rest keep their order', () => {
  assert.deepEqual(ids(visibleWallets(entries, { ...rules, recentId: 'walletConnect' })), [
    'walletConnect',
    'io.metamask',
    'oxbowLocal',
  ])
  assert.deepEqual(ids(visibleWallets(entries, { ...rules, recentId: 'gone' })), [
    'io.metamask',
    'oxbowLocal',
    'walletConnect',
  ])
})

test('mobile: a detected card-wallet is shown alone; a single injected wallet is shown alone', () => {
  assert.deepEqual(ids(visibleWallets(entries, { ...rules, mobile: true })), ['com.coinbase.wallet'])
  const withoutCard = entries.filter((entry) => entry.id !== 'com.coinbase.wallet')
  assert.deepEqual(ids(visibleWallets(withoutCard, { ...rules, mobile: true })), ['io.metamask'])
  const two = [...withoutCard, { id: 'app.rabby', name: 'Rabby', kind: 'injected' as const }]
  assert.deepEqual(ids(visibleWallets(two, { ...rules, mobile: true })), [
    'io.metamask',
    'oxbowLocal',
    'walletConnect',
    'app.rabby',
  ])
})

test('an extension and a Solana wallet merge only by normalized name, across platforms, without custom ids', () => {
  assert.equal(normalizedWalletName(' Phantom Wallet'), 'phantom')
  const evm: WalletEntry = { id: 'app.phantom', name: 'Phantom', kind: 'injected' }
  const sol: WalletEntry = {
    id: 'phantom-sol',
    name: 'Phantom Wallet',
    kind: 'injected',
    platforms: ['solana'],
  }
  const merged = mergeWalletPlatforms([evm, sol])
  assert.equal(merged.length, 1)
  assert.deepEqual(merged[0]?.platforms, ['evm', 'solana'])
  assert.equal(mergeWalletPlatforms([evm, { ...sol, name: 'Phantom Pro' }]).length, 2, 'names differ')
  assert.equal(mergeWalletPlatforms([evm, { ...sol, platforms: ['evm'] }]).length, 2, 'same platform')
  assert.equal(mergeWalletPlatforms([evm, { ...sol, customId: true }]).length, 2, 'custom connector')
})
