/**
 * v4 hook permissions (the one home): a hook's address carries its permissions in its low 14 bits
 * (v4-core `Hooks`), and the PoolManager refuses a pool whose hook address is inconsistent
 * (`Hooks.isValidHookAddress`). Checking it before anything is signed turns that revert into a
 * message.
 */
import { V4_DYNAMIC_FEE_FLAG } from '@oxbow/core'

/** v4-core Hooks' permission flags, by the bit each takes in the hook's address. */
export const V4_HOOK_FLAGS = {
  beforeInitialize: 1 << 13,
  afterInitialize: 1 << 12,
  beforeAddLiquidity: 1 << 11,
  afterAddLiquidity: 1 << 10,
  beforeRemoveLiquidity: 1 << 9,
  afterRemoveLiquidity: 1 << 8,
  beforeSwap: 1 << 7,
  afterSwap: 1 << 6,
  beforeDonate: 1 << 5,
  afterDonate: 1 << 4,
  beforeSwapReturnDelta: 1 << 3,
  afterSwapReturnDelta: 1 << 2,
  afterAddLiquidityReturnDelta: 1 << 1,
  afterRemoveLiquidityReturnDelta: 1 << 0,
} as const

export type V4HookPermission = keyof typeof V4_HOOK_FLAGS

/** Hooks.ALL_HOOK_MASK: the address bits that are permissions. */
export const V4_HOOK_MASK = (1 << 14) - 1

/** A returns-delta flag is only allowed with the action flag it belongs to. */
const DELTA_NEEDS: readonly (readonly [V4HookPermission, V4HookPermission])[] = [
  ['beforeSwapReturnDelta', 'beforeSwap'],
  ['afterSwapReturnDelta', 'afterSwap'],
  ['afterAddLiquidityReturnDelta', 'afterAddLiquidity'],
  ['afterRemoveLiquidityReturnDelta', 'afterRemoveLiquidity'],
]

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** The permission bits of a hook address (its low 14 bits); throws on text that is not an address. */
export function v4HookFlags(hook: string): number {
  if (!HEX_ADDRESS.test(hook)) throw new TypeError(`Not an address: ${JSON.stringify(hook.slice(0, 60))}`)
  return Number.parseInt(hook.slice(-4), 16) & V4_HOOK_MASK
}

/** The permissions a hook address grants, in v4-core's order. */
export function v4HookPermissions(hook: string): V4HookPermission[] {
  const flags = v4HookFlags(hook)
  return (Object.keys(V4_HOOK_FLAGS) as V4HookPermission[]).filter((name) => flags & V4_HOOK_FLAGS[name])
}

/**
 * v4-core `Hooks.isValidHookAddress(hook, fee)`: every returns-delta flag comes with its action's
 * flag; no hook (the zero address) cannot have a dynamic fee; a hook must have at least one
 * permission unless the pool's fee is dynamic (the hook then sets it through the PoolManager).
 * False for text that is not an address.
 */
export function isValidHookAddress(hook: string, fee: number): boolean {
  if (!HEX_ADDRESS.test(hook)) return false
  const flags = v4HookFlags(hook)
  for (const [delta, action] of DELTA_NEEDS)
    if (flags & V4_HOOK_FLAGS[delta] && !(flags & V4_HOOK_FLAGS[action])) return false
  const dynamic = fee === V4_DYNAMIC_FEE_FLAG
  if (BigInt(hook) === 0n) return !dynamic
  return flags > 0 || dynamic
}
