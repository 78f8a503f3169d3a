import { isValidDeadline, MAX_DEADLINE_SECONDS, validateSlippage } from '@oxbow/core'
import * as z from 'zod/mini'
import { createStore, type Store, safeStorage, useStore } from '../../../lib/createStore.ts'

/** Max slippage: the API's automatic value, or a custom tolerance in percent. */
export type SlippageSetting = 'auto' | number

export interface SwapSettings {
  readonly slippage: SlippageSetting
  readonly deadlineMinutes: number
}

export const SWAP_SETTINGS_KEY = 'oxbow.swap.settings'
export const DEFAULT_DEADLINE_MINUTES = 30
/** Spec: the swap deadline is at most 3 days (4320 minutes). */
export const MAX_DEADLINE_MINUTES = MAX_DEADLINE_SECONDS / 60
export const DEFAULT_SWAP_SETTINGS: SwapSettings = {
  slippage: 'auto',
  deadlineMinutes: DEFAULT_DEADLINE_MINUTES,
}

export type DeadlineCheck =
  | { readonly ok: true; readonly minutes: number }
  | { readonly ok: false; readonly code: 'DEADLINE_NOT_POSITIVE' | 'DEADLINE_TOO_HIGH' }

/**
 * Validates the deadline the user typed, in minutes: a whole number above 0 and at most 3 days.
 * Anything that is not a plain whole number (decimals, signs, exponents) counts as not positive.
 */
export function validateDeadlineMinutes(input: number | string): DeadlineCheck {
  const minutes =
    typeof input === 'number' ? input : /^\s*\d{1,9}\s*$/.test(input) ? Number(input.trim()) : Number.NaN
  if (!Number.isInteger(minutes) || minutes <= 0) return { ok: false, code: 'DEADLINE_NOT_POSITIVE' }
  if (!isValidDeadline(minutes * 60)) return { ok: false, code: 'DEADLINE_TOO_HIGH' }
  return { ok: true, minutes }
}

const isValidSlippage = (value: unknown): value is SlippageSetting =>
  value === 'auto' || (typeof value === 'number' && validateSlippage(value).ok)

const isValidDeadlineMinutes = (value: unknown): value is number =>
  typeof value === 'number' && validateDeadlineMinutes(value).ok

const storedShape = z.record(z.string(), z.unknown())

/**
 * Reads the persisted settings. Each field is validated on its own (slippage through
 * @oxbow/core's validateSlippage, the deadline through isValidDeadline); a malformed field falls
 * back to its default, malformed JSON to both defaults.
 */
export function parseSwapSettings(text: string | null | undefined): SwapSettings {
  if (!text) return DEFAULT_SWAP_SETTINGS
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return DEFAULT_SWAP_SETTINGS
  }
  const parsed = storedShape.safeParse(json)
  if (!parsed.success) return DEFAULT_SWAP_SETTINGS
  const { slippage, deadlineMinutes } = parsed.data
  return {
    slippage: isValidSlippage(slippage) ? slippage : DEFAULT_SWAP_SETTINGS.slippage,
    deadlineMinutes: isValidDeadlineMinutes(deadlineMinutes)
      ? deadlineMinutes
      : DEFAULT_SWAP_SETTINGS.deadlineMinutes,
  }
}

/** Applies a change, keeping the previous value of any field the change would make invalid. */
export function mergeSwapSettings(previous: SwapSettings, change: Partial<SwapSettings>): SwapSettings {
  const slippage =
    change.slippage !== undefined && isValidSlippage(change.slippage) ? change.slippage : previous.slippage
  const deadlineMinutes =
    change.deadlineMinutes !== undefined && isValidDeadlineMinutes(change.deadlineMinutes)
      ? change.deadlineMinutes
      : previous.deadlineMinutes
  return slippage === previous.slippage && deadlineMinutes === previous.deadlineMinutes
    ? previous
    : { slippage, deadlineMinutes }
}

const local = safeStorage('local')

/** Builds a settings store over a storage; an invalid value is never kept nor saved. */
export function createSwapSettingsStore(storage: {
  get(key: string): string | null
  set(key: string, value: string): void
}): Store<SwapSettings> {
  const inner = createStore<SwapSettings>(parseSwapSettings(storage.get(SWAP_SETTINGS_KEY)), (value) =>
    storage.set(SWAP_SETTINGS_KEY, JSON.stringify(value)),
  )
  return {
    get: inner.get,
    subscribe: inner.subscribe,
    set(next) {
      inner.set((previous) => mergeSwapSettings(previous, typeof next === 'function' ? next(previous) : next))
    },
  }
}

/** The swap settings of this browser (localStorage `oxbow.swap.settings`). */
export const swapSettingsStore: Store<SwapSettings> = createSwapSettingsStore(local)

export function useSwapSettings(): SwapSettings {
  return useStore(swapSettingsStore)
}
