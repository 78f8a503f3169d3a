import { isValidUsername, RECENT_ADDRESSES_SHOWN } from '@oxbow/core'

/**
 * The send form's rules from the spec (sections 4 and 5), as plain functions: recipient parsing,
 * the button label, Max, the network-cost check, recent recipients and the address-poisoning check.
 */

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const ENS_NAME = /^(?:[a-z0-9-]{1,63}\.)+eth$/

export type RecipientInput =
  | { readonly kind: 'empty' }
  | { readonly kind: 'address'; readonly address: `0x${string}` }
  | { readonly kind: 'ens'; readonly name: string }
  | { readonly kind: 'username'; readonly name: string }
  | { readonly kind: 'invalid' }

/** All whitespace is stripped; then an address (0x + 40 hex), an ENS name or a username. */
export function parseRecipient(text: string): RecipientInput {
  const value = text.replace(/\s+/g, '')
  if (value === '') return { kind: 'empty' }
  if (ADDRESS.test(value)) return { kind: 'address', address: value as `0x${string}` }
  const lower = value.toLowerCase()
  if (ENS_NAME.test(lower)) return { kind: 'ens', name: lower }
  if (isValidUsername(value) && !/^0x/i.test(value)) return { kind: 'username', name: value }
  return { kind: 'invalid' }
}

export type RecipientProblem = 'zeroAddress' | 'ownAddress' | null

const ZERO_ADDRESS = /^0x0{40}$/

/**
 * A resolved recipient the form refuses: the zero address (the spec's 'Invalid recipient': what is
 * sent there is lost for good; an ENS name or username resolving to it too) or the sender's own
 * address (a send to oneself moves nothing and only costs the network fee). The spec names neither;
 * refusing both follows its 'Invalid recipient' rule.
 */
export function recipientProblem(resolved: string | null, sender: string | null): RecipientProblem {
  if (!resolved) return null
  if (ZERO_ADDRESS.test(resolved)) return 'zeroAddress'
  if (sender && resolved.toLowerCase() === sender.toLowerCase()) return 'ownAddress'
  return null
}

export type SendButton =
  | { readonly label: 'connect'; readonly disabled: false }
  | {
      readonly label: 'noRecipient' | 'invalidRecipient' | 'noAmount' | 'blocked' | 'recipientBlocked'
      readonly disabled: true
    }
  | { readonly label: 'send'; readonly disabled: boolean }

/**
 * The button: Connect wallet when disconnected; a typed but unresolved recipient gives 'invalid
 * recipient', no amount 'no amount', no recipient 'no recipient' (all disabled); otherwise Send,
 * disabled while an input error exists or checks load. A blocked sender (screening) can do nothing
 * ('blocked'); a blocked recipient is refused ('recipientBlocked'); the zero address or the
 * sender's own is an invalid recipient (`recipientProblem`).
 */
export function sendButton(state: {
  connected: boolean
  recipientText: string
  resolved: `0x${string}` | null
  amount: bigint | null
  inputError: boolean
  checking: boolean
  /** The connected account is blocked. */
  senderBlocked?: boolean
  /** The resolved recipient is blocked. */
  recipientBlocked?: boolean
  /** The resolved recipient is the zero address or the sender's own (`recipientProblem`). */
  recipientProblem?: RecipientProblem
}): SendButton {
  if (!state.connected) return { label: 'connect', disabled: false }
  if (state.senderBlocked) return { label: 'blocked', disabled: true }
  const typed = state.recipientText.replace(/\s+/g, '') !== ''
  if (typed && (!state.resolved || state.recipientProblem))
    return { label: 'invalidRecipient', disabled: true }
  if (state.resolved && state.recipientBlocked) return { label: 'recipientBlocked', disabled: true }
  if (state.amount === null || state.amount === 0n) return { label: 'noAmount', disabled: true }
  if (!typed) return { label: 'noRecipient', disabled: true }
  return { label: 'send', disabled: state.inputError || state.checking }
}

/** Max shows only when the balance is above zero and the amount is not already the whole balance. */
export function showMax(balance: bigint | null, amount: bigint | null): boolean {
  return balance !== null && balance > 0n && amount !== balance
}

export type AmountError = 'INSUFFICIENT_FUNDS' | 'INSUFFICIENT_FUNDS_FOR_GAS' | null

/**
 * INSUFFICIENT_FUNDS when the amount exceeds the balance; INSUFFICIENT_FUNDS_FOR_GAS when the native
 * balance is below the network fee, plus the amount when the token sent is the native one.
 */
export function amountError(input: {
  amount: bigint | null
  balance: bigint | null
  nativeBalance: bigint | null
  fee: bigint | null
  native: boolean
}): AmountError {
  if (input.amount === null || input.balance === null) return null
  if (input.amount > input.balance) return 'INSUFFICIENT_FUNDS'
  if (input.fee === null || input.nativeBalance === null) return null
  const needed = input.fee + (input.native ? input.amount : 0n)
  return input.nativeBalance < needed ? 'INSUFFICIENT_FUNDS_FOR_GAS' : null
}

/** The low-native-token info shows when the amount reaches the whole native balance (and was not dismissed). */
export function reachesNativeBalance(native: boolean, amount: bigint, nativeBalance: bigint | null): boolean {
  return native && nativeBalance !== null && amount >= nativeBalance
}

export interface SendActivity {
  readonly type: string
  readonly timestamp: number
  readonly counterparty: string | null
  readonly assetChanges: readonly {
    readonly token: { readonly isSpam: boolean } | null
    readonly direction: string
  }[]
}

export interface RecentRecipient {
  readonly address: `0x${string}`
  readonly count: number
  readonly lastSent: number
}

/**
 * Recipients of the account's earlier sends, most recent first, with a count of sends to each:
 * only single-asset sends of non-spam tokens count.
 */
export function recentRecipients(activity: readonly SendActivity[]): RecentRecipient[] {
  const byAddress = new Map<string, { address: `0x${string}`; count: number; lastSent: number }>()
  for (const entry of activity) {
    if (entry.type !== 'SEND' || !entry.counterparty || !ADDRESS.test(entry.counterparty)) continue
    const out = entry.assetChanges.filter((change) => change.direction === 'OUT')
    if (out.length !== 1 || !out[0]?.token || out[0].token.isSpam) continue
    const key = entry.counterparty.toLowerCase()
    const known = byAddress.get(key)
    if (known) {
      known.count += 1
      known.lastSent = Math.max(known.lastSent, entry.timestamp)
    } else
      byAddress.set(key, {
        address: entry.counterparty as `0x${string}`,
        count: 1,
        lastSent: entry.timestamp,
      })
  }
  return [...byAddress.values()].sort((a, b) => b.lastSent - a.lastSent)
}

/** The flyout's recipients: at most 3. */
export function flyoutRecipients(recents: readonly RecentRecipient[]): readonly RecentRecipient[] {
  return recents.slice(0, RECENT_ADDRESSES_SHOWN)
}

/** A new address: no earlier transfer from the user to it. */
export function isNewAddress(recipient: string, recents: readonly RecentRecipient[]): boolean {
  return !recents.some((recent) => recent.address.toLowerCase() === recipient.toLowerCase())
}

/**
 * Address poisoning (beyond the spec): an attacker sends dust from an address that shares the
 * first and last characters people check with a real recipient. A recipient that is not a recent
 * one but matches one on its first 4 and last 4 hex digits is that look-alike.
 */
export function lookalikeOf(recipient: string, recents: readonly RecentRecipient[]): RecentRecipient | null {
  const r = recipient.toLowerCase()
  for (const recent of recents) {
    const a = recent.address.toLowerCase()
    if (a === r) return null
  }
  return (
    recents.find((recent) => {
      const a = recent.address.toLowerCase()
      return a.slice(2, 6) === r.slice(2, 6) && a.slice(-4) === r.slice(-4)
    }) ?? null
  )
}
