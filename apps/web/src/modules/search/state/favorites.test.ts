import assert from 'node:assert/strict'
import { test } from 'node:test'
import { defaultPreferences, parsePreferences } from '../../preferences/index.ts'
import { favoriteKey, favoriteWallets, MAX_FAVORITES, toggled } from './favorites.ts'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

test('favorites: toggling adds first, removes, and keys are lowercase per network', () => {
  const token = { kind: 'token', network: 'ethereum', address: USDC } as const
  const wallet = { kind: 'wallet', address: WALLET } as const
  const one = toggled([], token)
  assert.deepEqual(one, [`token:ethereum:${USDC.toLowerCase()}`])
  const two = toggled(one, wallet)
  assert.deepEqual(two, [`wallet:${WALLET.toLowerCase()}`, ...one])
  assert.deepEqual(favoriteWallets(two), [WALLET.toLowerCase()])
  assert.deepEqual(toggled(two, { kind: 'wallet', address: WALLET.toLowerCase() }), one)
  assert.notEqual(favoriteKey(token), favoriteKey({ ...token, network: 'base' }))
  const many = Array.from({ length: MAX_FAVORITES }, (_, i) => `wallet:0x${i.toString(16).padStart(40, '0')}`)
  assert.equal(toggled(many, wallet).length, MAX_FAVORITES)
  assert.equal(toggled(many, wallet)[0], favoriteKey(wallet))
})

test('security: stored favorites are validated on load; a corrupt list reads as none', () => {
  // network slugs carry underscores (unichain_sepolia): a favorite there must survive a reload
  const good = [
    `token:ethereum:${USDC.toLowerCase()}`,
    `token:unichain_sepolia:${USDC.toLowerCase()}`,
    `wallet:${WALLET.toLowerCase()}`,
  ]
  assert.deepEqual(parsePreferences(JSON.stringify({ favorites: good })).favorites, good)
  for (const bad of [
    '{"favorites":"wallet:0x00"}',
    `{"favorites":["wallet:${WALLET.toLowerCase()}","javascript:alert(1)"]}`,
    `{"favorites":["token:../x:${USDC.toLowerCase()}"]}`,
    '{"favorites":[1]}',
    '{broken',
  ]) {
    assert.deepEqual(parsePreferences(bad).favorites, [], bad)
  }
  assert.deepEqual(parsePreferences(null).favorites, defaultPreferences.favorites)
})
