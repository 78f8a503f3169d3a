import { useNftsDisabledForSession } from '../../preferences/index.ts'
import { useFeatureFlags } from './useFeatureFlags.ts'

/**
 * Whether NFTs show anywhere (their routes, the search modal's NFT tab and results): the
 * `nftRoutes` flag, unless `disableNFTs=true` turned them off for the session.
 */
export function useNftsEnabled(): boolean {
  const flags = useFeatureFlags()
  const disabled = useNftsDisabledForSession()
  return flags.values.nftRoutes && !disabled
}
