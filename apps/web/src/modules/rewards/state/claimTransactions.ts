import { createStore, safeStorage, useStore } from '../../../lib/createStore.ts'

/**
 * Which reward claim each claim transaction sent from this app is for (per account, persisted in
 * localStorage `oxbow.rewards.claims.<address>`): the wallet's pending list knows a transaction is
 * an 'lpRewardsClaim' but not which epoch, so after a reload an epoch whose claim is still being
 * mined shows 'pending' (while the wallet still tracks the hash) instead of 'claimable'.
 */
export type ClaimTransactions = Readonly<Record<`0x${string}`, string>>

const KEY_PREFIX = 'oxbow.rewards.claims.'
/** Older entries are forgotten: a claim is mined (or dropped) long before this many more are sent. */
const MAX_PER_ACCOUNT = 20
const local = safeStorage('local')
const store = createStore<Readonly<Record<string, ClaimTransactions>>>({})

/** The key of one claim: network, distributor (one per epoch) and leaf index. */
export const claimKeyOf = (claim: { chainId: number; distributor: string; index: number }) =>
  `${claim.chainId}:${claim.distributor.toLowerCase()}:${claim.index}`

function load(account: string): ClaimTransactions {
  const key = account.toLowerCase()
  const known = store.get()[key]
  if (known) return known
  let parsed: ClaimTransactions = {}
  try {
    const raw = JSON.parse(local.get(KEY_PREFIX + key) ?? '{}') as unknown
    if (raw && typeof raw === 'object')
      parsed = Object.fromEntries(
        Object.entries(raw).filter(
          ([hash, claim]) => /^0x[0-9a-f]{64}$/i.test(hash) && typeof claim === 'string',
        ),
      ) as ClaimTransactions
  } catch {}
  store.set((state) => ({ ...state, [key]: parsed }))
  return parsed
}

/** Remembers that `hash` claims `claimKey` for `account`. */
export function rememberClaimTransaction(account: string, hash: `0x${string}`, claimKey: string): void {
  const key = account.toLowerCase()
  const next = Object.fromEntries(
    [...Object.entries(load(account)), [hash, claimKey]].slice(-MAX_PER_ACCOUNT),
  ) as ClaimTransactions
  store.set((state) => ({ ...state, [key]: next }))
  local.set(KEY_PREFIX + key, JSON.stringify(next))
}

/** The account's remembered claim transactions (hash → claim key). */
export function useClaimTransactions(account: string): ClaimTransactions {
  const all = useStore(store)
  return all[account.toLowerCase()] ?? load(account)
}
