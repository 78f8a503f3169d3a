export { ensAddressQuery, ensNameQuery, useEnsAddress, useEnsName } from './hooks/useEns.ts'
export { usernameOfQuery, usernameQuery, useUsernameProfile } from './hooks/useUsername.ts'
export { ensTarget, lookupName, resolveName } from './services/ens.ts'
export {
  claimErrorOf,
  deleteUsernameProfile,
  deviceId,
  lookupUsername,
  lookupUsernameOf,
  type ProfileDraft,
  type SignText,
  saveUsernameProfile,
  UsernameApiError,
  type UsernameProfile,
  usernameAvailable,
} from './services/usernames.ts'
