/** Business constants and limits from the spec (sections 5 and 9). */

/** App version shown in the settings footer. */
export const APP_VERSION = '5.106.1'
/** Characters of the build hash shown in the settings footer. */
export const BUILD_HASH_DISPLAY_CHARS = 6

/** Slippage above this percentage is 'very high' and warned. */
export const SLIPPAGE_VERY_HIGH_PERCENT = 20
/** Upper bound for a custom slippage tolerance (exclusive); the spec leaves the value unstated, ours is 50%. */
export const MAX_SLIPPAGE_PERCENT = 50
/** Swap deadline maximum: 3 days. */
export const MAX_DEADLINE_SECONDS = 3 * 24 * 60 * 60
/** A network cost above this fraction of the transaction value is warned. */
export const NETWORK_COST_WARNING_RATIO = 0.1
/** 'Hide small balances' hides balances under this many USD. */
export const SMALL_BALANCE_THRESHOLD_USD = 1
/** Maximum open limit orders; a warning shows as the count nears it. */
export const MAX_OPEN_LIMIT_ORDERS = 100
/** From this many open limit orders on, the 'nearing the maximum' warning shows (our value). */
export const OPEN_LIMIT_ORDERS_WARNING_AT = 90
/** Smart-wallet delegation saves up to this percentage of network costs (marketing figure). */
export const SMART_WALLET_SAVINGS_PERCENT = 50

/** All v2 pools have a fixed 0.3% fee: fee tier 3000 in hundredths of a basis point. */
export const V2_FEE_TIER = 3000
/** Fee value of a v4 PoolKey that marks a dynamic-fee pool: shown as "dynamic", not as a percent. */
export const V4_DYNAMIC_FEE_FLAG = 0x800000
/** feeTier / FEE_TIER_DIVISOR = fee percent (3000 -> 0.3). */
export const FEE_TIER_DIVISOR = 10_000

/** Amount fields: the font shrinks from this size as digits grow ... */
export const AMOUNT_FONT_SIZE_MAX_PX = 70
/** ... down to this one; longer amounts scroll within the field. */
export const AMOUNT_FONT_SIZE_MIN_PX = 48

/**
 * The spec's amount font size: the largest whole size from {@link AMOUNT_FONT_SIZE_MAX_PX} down to
 * `min` ({@link AMOUNT_FONT_SIZE_MIN_PX}; lower for a box narrower than /swap's, such as the token
 * page's) at which the text fits the field, given the text's width at the largest size (text width
 * scales with the font size) and the field's width, both in px.
 */
export function amountFontSize(widthAtMax: number, available: number, min = AMOUNT_FONT_SIZE_MIN_PX): number {
  if (!(widthAtMax > 0) || !(available > 0) || widthAtMax <= available) return AMOUNT_FONT_SIZE_MAX_PX
  const fitting = Math.floor((AMOUNT_FONT_SIZE_MAX_PX * available) / widthAtMax)
  return Math.max(min, Math.min(AMOUNT_FONT_SIZE_MAX_PX, fitting))
}

/** Fiat-mode amount input accepts at most this many decimals. */
export const FIAT_INPUT_DECIMALS = 6
/** Recent send recipients shown. */
export const RECENT_ADDRESSES_SHOWN = 3
/** Username changes allowed. */
export const MAX_USERNAME_CHANGES = 2
/** Username length bounds (the spec hides the values; ours). */
export const USERNAME_MIN_LENGTH = 3
export const USERNAME_MAX_LENGTH = 20
/** A username profile's bio: at most this many characters (ours). */
export const USERNAME_BIO_MAX_LENGTH = 160
/** A username profile's avatar image: at most this many bytes (ours). */
export const USERNAME_AVATAR_MAX_BYTES = 100 * 1024
/** A signed profile claim, edit or delete is accepted this long after its issued-at time (ours). */
export const USERNAME_SIGNATURE_MAX_AGE_MS = 5 * 60 * 1000
/** One-time import code length. */
export const ONE_TIME_CODE_LENGTH = 6
/** Recovery phrase word count bounds (web copy). */
export const RECOVERY_PHRASE_MIN_WORDS = 12
export const RECOVERY_PHRASE_MAX_WORDS = 24

/** UI timings in milliseconds. */
export const COPY_FEEDBACK_MS = 400
export const DRAWER_RESET_MS = 250
export const MOBILE_DRAWER_RESET_MS = 300
export const VIEW_SLIDE_MS = 100
export const LONG_PRESS_MS = 600

/** Offline query cache: version tag, persist throttle and maximum age. */
export const OFFLINE_CACHE_VERSION = 'v0'
export const OFFLINE_CACHE_THROTTLE_MS = 1000
export const OFFLINE_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000

/** Performance sessions sampled by default (overridable remotely). */
export const PERFORMANCE_SAMPLE_RATE = 0.1

/** Fee percent for display: feeTier divided by the divisor ('0.3%' for 3000). */
export function feeTierPercent(feeTier: number): number {
  return feeTier / FEE_TIER_DIVISOR
}

/**
 * The native currency (ETH, POL, BNB, ...) where an address is expected: the zero address, as v4
 * pool keys and the trading API use it. The one definition; never compare against a literal.
 */
export const NATIVE_CURRENCY_ADDRESS = '0x0000000000000000000000000000000000000000' as const

/**
 * The spec's transaction types that chain events reveal, as the data API (apps/indexer's GraphQL
 * `TransactionType`) serves them in activity and the web app reads them: one list for both.
 */
export const ACTIVITY_TYPES = [
  'SWAP',
  'SEND',
  'RECEIVE',
  'APPROVE',
  'REVOKE',
  'WRAP',
  'UNWRAP',
  'MINT',
  'COLLECT_FEES',
  'CREATE_POOL',
  'LIQUIDITY_INCREASE',
  'LIQUIDITY_DECREASE',
  /**
   * Liquidity removed from one pool and added to another in one transaction from the account (a v2
   * → v3 move through the V3Migrator, a v2 or v3 position moved into v4 through its PositionManager).
   */
  'MIGRATE_LIQUIDITY',
  /** A Permit2 allowance set on chain (its `Permit` event from a signed permit, or `Approval`). */
  'PERMIT',
  /** A claim from an LP rewards programme's MerkleDistributor (its `Claimed` event). */
  'LP_REWARDS_CLAIM',
  /** An EIP-7702 authorization to a contract: the account became a smart wallet. */
  'DELEGATE',
  /** An EIP-7702 authorization to the zero address (the spec's 'remove delegation'). */
  'REMOVE_DELEGATION',
] as const
export type ActivityType = (typeof ACTIVITY_TYPES)[number]
