import { DEFAULT_IPFS_GATEWAY } from '@oxbow/core'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { getRuntimeConfig } from '../../config/index.ts'
import { nftImageSrc } from '../services/nftData.ts'
import styles from './Nfts.module.css'
import { nm } from './nftMessages.ts'

/**
 * An NFT or collection picture: drawn only from a source nftImageSrc allows (https, a base64
 * data:image, or an ipfs:// link through the runtime config's IPFS gateway), without a referrer;
 * anything else, or an image that fails to load, shows a plain
 * tile. Decorative (alt=""): the name next to it says what it is.
 */
export function NftImage({ src, size }: { src: string | null; size?: 'small' | 'large' }) {
  const intl = useIntl()
  const [failed, setFailed] = useState(false)
  const safe = nftImageSrc(src, getRuntimeConfig().ipfsGateway ?? DEFAULT_IPFS_GATEWAY)
  const className = size === 'small' ? `${styles.image} ${styles.small}` : styles.image
  if (safe === null || failed) {
    return (
      <div className={`${className} ${styles.noImage}`} data-testid="nft-no-image">
        {size === 'small' ? null : intl.formatMessage(nm.noImage)}
      </div>
    )
  }
  return (
    <img
      className={className}
      src={safe}
      alt=""
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  )
}
