/**
 * How the passkey menu shows a passkey (the spec's Passkey authenticator): its label, the
 * provider's name or 'Passkey N' for other providers, and its creation date without the year when
 * it is this year's.
 */
import type { PasskeyInfo } from './passkeyWallet.ts'

/** The spec's label: the provider's name, others 'Passkey N' (N counts the list, from 1: a number here). */
export function passkeyLabel(passkey: Pick<PasskeyInfo, 'provider'>, index: number): string | number {
  return passkey.provider === 'Other' ? index + 1 : passkey.provider
}

/** How a passkey's creation date shows: month and day, the year only when it is not this year's. */
export function passkeyDateOptions(at: Date, now: Date): Intl.DateTimeFormatOptions {
  return {
    month: 'short',
    day: 'numeric',
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }
}
