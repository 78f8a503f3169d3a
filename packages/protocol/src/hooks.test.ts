import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { V4_DYNAMIC_FEE_FLAG } from '@oxbow/core'
import { isValidHookAddress, V4_HOOK_FLAGS, v4HookFlags, v4HookPermissions } from './hooks.ts'

/** An address whose low 14 bits are `flags` (the rest arbitrary, as a mined CREATE2 address). */
const withFlags = (flags: number) =>
  `0xA0b86991c6218b36c1d19d4a2e9eb0ce3606${(0xc000 | flags).toString(16).padStart(4, '0')}`
const ZERO = '0x0000000000000000000000000000000000000000'
const STATIC = 3000

describe('v4 hook addresses (v4-core Hooks.isValidHookAddress)', () => {
  test('reads the permissions from the low 14 bits only', () => {
    // The devnet's hook: afterInitialize | afterSwap.
    const hook = withFlags(0x1040)
    assert.equal(v4HookFlags(hook), 0x1040)
    assert.deepEqual(v4HookPermissions(hook), ['afterInitialize', 'afterSwap'])
    assert.deepEqual(v4HookPermissions(withFlags(0)), [])
    assert.throws(() => v4HookFlags('0x1234'), TypeError)
  })

  test('a returns-delta flag without its action flag is refused', () => {
    const pairs = [
      [V4_HOOK_FLAGS.beforeSwapReturnDelta, V4_HOOK_FLAGS.beforeSwap],
      [V4_HOOK_FLAGS.afterSwapReturnDelta, V4_HOOK_FLAGS.afterSwap],
      [V4_HOOK_FLAGS.afterAddLiquidityReturnDelta, V4_HOOK_FLAGS.afterAddLiquidity],
      [V4_HOOK_FLAGS.afterRemoveLiquidityReturnDelta, V4_HOOK_FLAGS.afterRemoveLiquidity],
    ] as const
    for (const [delta, action] of pairs) {
      assert.equal(isValidHookAddress(withFlags(delta), STATIC), false, `delta ${delta} alone`)
      assert.equal(
        isValidHookAddress(withFlags(delta), V4_DYNAMIC_FEE_FLAG),
        false,
        `delta ${delta}, dynamic`,
      )
      assert.equal(
        isValidHookAddress(withFlags(delta | action), STATIC),
        true,
        `delta ${delta} with ${action}`,
      )
      // Another action's flag does not make up for the missing one.
      assert.equal(isValidHookAddress(withFlags(delta | V4_HOOK_FLAGS.beforeInitialize), STATIC), false)
    }
  })

  test('a hook without permissions is valid only for a dynamic fee', () => {
    assert.equal(isValidHookAddress(withFlags(0), STATIC), false)
    assert.equal(isValidHookAddress(withFlags(0), V4_DYNAMIC_FEE_FLAG), true)
    assert.equal(isValidHookAddress(withFlags(V4_HOOK_FLAGS.afterInitialize), STATIC), true)
    assert.equal(isValidHookAddress(withFlags(0x1040), V4_DYNAMIC_FEE_FLAG), true)
  })

  test('no hook (the zero address) is valid only for a static fee', () => {
    assert.equal(isValidHookAddress(ZERO, STATIC), true)
    assert.equal(isValidHookAddress(ZERO, V4_DYNAMIC_FEE_FLAG), false)
  })

  test('text that is not an address is never valid', () => {
    for (const text of [
      '',
      '0x',
      'hook',
      `${withFlags(0x1040)}00`,
      '0xZZb86991c6218b36c1d19d4a2e9eb0ce3606d040',
    ])
      assert.equal(isValidHookAddress(text, STATIC), false, text)
  })
})
