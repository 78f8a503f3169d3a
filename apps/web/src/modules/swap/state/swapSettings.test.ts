import assert from 'node:assert/strict'
import { test } from 'node:test'
import { memoryStorage } from '../../../../test/memoryStorage.ts'
import {
  createSwapSettingsStore,
  DEFAULT_SWAP_SETTINGS,
  MAX_DEADLINE_MINUTES,
  mergeSwapSettings,
  parseSwapSettings,
  SWAP_SETTINGS_KEY,
  validateDeadlineMinutes,
} from './swapSettings.ts'

/** The settings store's view of a Web Storage. */
const keyValue = (storage: Pick<Storage, 'getItem' | 'setItem'>) => ({
  get: (key: string) => storage.getItem(key),
  set: (key: string, value: string) => storage.setItem(key, value),
})

test('behavior: nothing stored reads as auto slippage and a 30 minute deadline', () => {
  assert.deepEqual(parseSwapSettings(null), { slippage: 'auto', deadlineMinutes: 30 })
  assert.equal(MAX_DEADLINE_MINUTES, 4320)
})

test('behavior: valid stored settings are read back', () => {
  assert.deepEqual(parseSwapSettings('{"slippage":0.5,"deadlineMinutes":45}'), {
    slippage: 0.5,
    deadlineMinutes: 45,
  })
  assert.deepEqual(parseSwapSettings('{"slippage":"auto","deadlineMinutes":4320}'), {
    slippage: 'auto',
    deadlineMinutes: 4320,
  })
  assert.deepEqual(parseSwapSettings('{"slippage":25,"deadlineMinutes":1}'), {
    slippage: 25,
    deadlineMinutes: 1,
  })
})

test('error: malformed storage falls back to the defaults, field by field', () => {
  for (const text of ['not json', '[]', 'null', '42', '"auto"', '{"slippage":', '']) {
    assert.deepEqual(parseSwapSettings(text), DEFAULT_SWAP_SETTINGS, text)
  }
  const cases: [string, { slippage: 'auto' | number; deadlineMinutes: number }][] = [
    ['{"slippage":0,"deadlineMinutes":10}', { slippage: 'auto', deadlineMinutes: 10 }],
    ['{"slippage":-1,"deadlineMinutes":10}', { slippage: 'auto', deadlineMinutes: 10 }],
    ['{"slippage":50,"deadlineMinutes":10}', { slippage: 'auto', deadlineMinutes: 10 }],
    ['{"slippage":"0.5","deadlineMinutes":10}', { slippage: 'auto', deadlineMinutes: 10 }],
    ['{"slippage":"AUTO","deadlineMinutes":10}', { slippage: 'auto', deadlineMinutes: 10 }],
    ['{"slippage":1,"deadlineMinutes":0}', { slippage: 1, deadlineMinutes: 30 }],
    ['{"slippage":1,"deadlineMinutes":4321}', { slippage: 1, deadlineMinutes: 30 }],
    ['{"slippage":1,"deadlineMinutes":1.5}', { slippage: 1, deadlineMinutes: 30 }],
    ['{"slippage":1,"deadlineMinutes":"20"}', { slippage: 1, deadlineMinutes: 30 }],
    ['{"slippage":1}', { slippage: 1, deadlineMinutes: 30 }],
    ['{"slippage":null,"deadlineMinutes":null}', DEFAULT_SWAP_SETTINGS],
  ]
  for (const [text, expected] of cases) assert.deepEqual(parseSwapSettings(text), expected, text)
})

test('behavior: the deadline must be whole minutes above 0 and at most 3 days', () => {
  assert.deepEqual(validateDeadlineMinutes('30'), { ok: true, minutes: 30 })
  assert.deepEqual(validateDeadlineMinutes(' 4320 '), { ok: true, minutes: 4320 })
  assert.deepEqual(validateDeadlineMinutes(1), { ok: true, minutes: 1 })
  for (const input of ['0', '', ' ', '-5', '1.5', '1e3', 'abc', '0x10', 0, -1, 2.5, Number.NaN]) {
    assert.deepEqual(
      validateDeadlineMinutes(input),
      { ok: false, code: 'DEADLINE_NOT_POSITIVE' },
      String(input),
    )
  }
  for (const input of ['4321', '100000', 4321, 999_999_999]) {
    assert.deepEqual(validateDeadlineMinutes(input), { ok: false, code: 'DEADLINE_TOO_HIGH' }, String(input))
  }
})

test('behavior: an invalid change never replaces a valid value', () => {
  const start = { slippage: 1, deadlineMinutes: 20 } as const
  assert.equal(mergeSwapSettings(start, { slippage: 0 }), start)
  assert.equal(mergeSwapSettings(start, { slippage: 50 }), start)
  assert.equal(mergeSwapSettings(start, { deadlineMinutes: 4321 }), start)
  assert.deepEqual(mergeSwapSettings(start, { slippage: 'auto', deadlineMinutes: 0 }), {
    slippage: 'auto',
    deadlineMinutes: 20,
  })
  assert.deepEqual(mergeSwapSettings(start, { slippage: 30 }), { slippage: 30, deadlineMinutes: 20 })
})

test('behavior: the store persists valid changes and ignores invalid ones', () => {
  const storage = memoryStorage({ [SWAP_SETTINGS_KEY]: '{"slippage":2,"deadlineMinutes":15}' })
  const store = createSwapSettingsStore(keyValue(storage))
  assert.deepEqual(store.get(), { slippage: 2, deadlineMinutes: 15 })
  let notified = 0
  store.subscribe(() => notified++)
  store.set({ slippage: 0, deadlineMinutes: 15 })
  assert.equal(notified, 0, 'invalid slippage: no change, no write')
  assert.equal(storage.data.get(SWAP_SETTINGS_KEY), '{"slippage":2,"deadlineMinutes":15}')
  store.set((previous) => ({ ...previous, slippage: 0.3 }))
  assert.equal(notified, 1)
  assert.deepEqual(JSON.parse(storage.data.get(SWAP_SETTINGS_KEY) ?? ''), {
    slippage: 0.3,
    deadlineMinutes: 15,
  })
  store.set({ slippage: 'auto', deadlineMinutes: 5000 })
  assert.deepEqual(store.get(), { slippage: 'auto', deadlineMinutes: 15 })
  // A fresh store reads what was saved.
  assert.deepEqual(createSwapSettingsStore(keyValue(storage)).get(), {
    slippage: 'auto',
    deadlineMinutes: 15,
  })
})
