import { useParams } from 'react-router'
import { NftCollectionsView, NftCollectionView } from '../modules/nfts/index.ts'

/** /nfts and /nfts/collection/:contractAddress (NFT routes flag, off with disableNFTs=true). */
export default function NftsPage() {
  const { contractAddress } = useParams()
  return contractAddress === undefined ? <NftCollectionsView /> : <NftCollectionView />
}
