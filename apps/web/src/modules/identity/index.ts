export { useAddressName } from './hooks/useAddressName.ts'
export { ensAddressQuery, ensNameQuery, useEnsAddress, useEnsName } from './hooks/useEns.ts'
export { usernameOfQuery, usernameQuery, useUsernameProfile } from './hooks/useUsername.ts'
export { ensTarget, lookupAvatar, lookupName, resolveName } from './services/ens.ts'
export type { UsernameProfile } from './services/usernames.ts'
export type { ProfileDraft, SignText } from './services/usernameWrites.ts'

/** The username lookups (the header's label, send, search): their own chunk, never the first load's. */
const lookups = () => import('./services/usernames.ts')

/** The profile of `address`, or null. */
export const lookupUsernameOf = (address: string) =>
  lookups().then((module) => module.lookupUsernameOf(address))

/** The live profile named `name`, or null. */
export const lookupUsername = (name: string) => lookups().then((module) => module.lookupUsername(name))

/** Claim, edit, delete and the availability check: their own chunk, loaded by the Username view. */
export const loadUsernameWrites = () => import('./services/usernameWrites.ts')
