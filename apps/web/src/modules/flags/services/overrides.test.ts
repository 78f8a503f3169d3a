import assert from 'node:assert/strict'
import { test } from 'node:test'
import { defaultFlagValues } from '@oxbow/api-contract/flags'
import { mergeOverrides, noOverrides, parseOverrides, resolveFlags } from './overrides.ts'

const params = (query: string) => new URLSearchParams(query)

test('behavior: parses comma lists; experiments and layers as name:group; drops unknown and malformed', () => {
  const overrides = parseOverrides(
    params(
      'featureFlagOverride=embeddedWallet,%20solana,bogus&featureFlagOverrideOff=limits,solana' +
        '&experimentOverride=hero:b,bad,too:many:parts,ok:c&layerOverride=swap:v2&layerOverrideOff=old,<x>',
    ),
    'localhost',
    'app.oxbow.exchange',
  )
  assert.deepEqual(overrides, {
    flagsOn: ['embeddedWallet', 'solana'],
    flagsOff: ['limits'],
    experiments: { hero: 'b', ok: 'c' },
    layers: { swap: 'v2' },
    layersOff: ['old'],
  })
})

test('behavior: every override is ignored on the production hostname', () => {
  const overrides = parseOverrides(
    params('featureFlagOverride=embeddedWallet&experimentOverride=a:b'),
    'app.oxbow.exchange',
    'app.oxbow.exchange',
  )
  assert.deepEqual(overrides, noOverrides)
})

test('behavior: flag values are defaults, then remote values, then overrides', () => {
  const defaults = defaultFlagValues()
  assert.equal(defaults.embeddedWallet, false)
  const values = resolveFlags(
    defaults,
    { embeddedWallet: true, limits: false, unknownRemote: true },
    {
      ...noOverrides,
      flagsOff: ['embeddedWallet'],
      flagsOn: ['solana'],
    },
  )
  assert.equal(values.embeddedWallet, false)
  assert.equal(values.limits, false)
  assert.equal(values.solana, true)
  assert.equal('unknownRemote' in values, false)
})

test('behavior: later overrides win when merged with the session ones', () => {
  const merged = mergeOverrides(
    {
      flagsOn: ['solana'],
      flagsOff: ['limits'],
      experiments: { a: '1' },
      layers: { l: 'x', m: 'y' },
      layersOff: [],
    },
    { flagsOn: ['limits'], flagsOff: ['solana'], experiments: { a: '2' }, layers: {}, layersOff: ['m'] },
  )
  assert.deepEqual(merged, {
    flagsOn: ['limits'],
    flagsOff: ['solana'],
    experiments: { a: '2' },
    layers: { l: 'x' },
    layersOff: ['m'],
  })
})
