import { parseIpfsUrl } from '@oxbow/core'
import { safeAvatarSrc, safeImageSrc } from '../../../lib/imageSrc.ts'

/**
 * An NFT picture's source for <img>, or null: the indexer keeps an `ipfs://<cid>[/path]` link as a
 * link, loaded here through `gateway` (the runtime config's ipfsGateway, the one home of that
 * setting; locally apps/sandbox's), else what `safeImageSrc` allows.
 */
export function nftImageSrc(value: string | null | undefined, gateway: string | undefined): string | null {
  if (typeof value === 'string' && value.startsWith('ipfs://')) {
    const link = parseIpfsUrl(value)
    return link && gateway ? safeAvatarSrc(gateway + link.slice('ipfs://'.length), gateway) : null
  }
  return safeImageSrc(value)
}
