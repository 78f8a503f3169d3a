import { useAddressName, useEnsAddress, useUsernameProfile } from '../../identity/index.ts'
import { parseRecipient } from '../state/sendRules.ts'

/**
 * The send form's recipient from what was typed: its kind, the address it resolves to (an ENS name
 * through the registry the runtime config names, the devnet's locally; a username through the API's
 * profiles, apps/api /v1/usernames), and the name to show with it: a typed address's username or
 * ENS name, or the name typed. Names are untrusted text.
 */
export function useSendRecipient(text: string) {
  const recipient = parseRecipient(text)
  const ens = useEnsAddress(recipient.kind === 'ens' ? recipient.name : undefined)
  const username = useUsernameProfile(recipient.kind === 'username' ? recipient.name : undefined)
  const resolved =
    recipient.kind === 'address'
      ? recipient.address
      : recipient.kind === 'ens'
        ? (ens.address ?? null)
        : recipient.kind === 'username'
          ? (username.profile?.address ?? null)
          : null
  const resolvedName = useAddressName(resolved)
  const addressName = recipient.kind === 'address' ? resolvedName : null
  const recipientName =
    recipient.kind === 'ens' || recipient.kind === 'username' ? recipient.name : addressName
  return { recipient, resolved, addressName, recipientName }
}
