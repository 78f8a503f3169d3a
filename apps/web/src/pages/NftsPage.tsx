import { FormattedMessage } from 'react-intl'
import { ComingSoon, Page } from '../modules/ui/index.ts'

/** /nfts and /nfts/collection/:contractAddress (NFT routes flag, off with disableNFTs=true). */
export default function NftsPage() {
  return (
    <Page title={<FormattedMessage id="page.nfts.title" defaultMessage="NFTs" />}>
      <ComingSoon />
    </Page>
  )
}
