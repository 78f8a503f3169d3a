import type { FlagName } from '../modules/flags/index.ts'

/** Route handle: the flag that enables the route ('nfts' also honours the session's disableNFTs). */
export interface RouteHandle {
  readonly flag?: FlagName | 'nfts'
}
