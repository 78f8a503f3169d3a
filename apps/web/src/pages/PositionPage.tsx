import { FormattedMessage } from 'react-intl'
import { useLocation, useParams } from 'react-router'
import { networkName } from '../modules/config/index.ts'
import { PositionView, V2PositionView } from '../modules/liquidity/index.ts'
import { Page } from '../modules/ui/index.ts'

/** /positions/v2/:chainName/:pairAddress, /positions/v3|v4/:chainName/:tokenId. */
export default function PositionPage() {
  const { chainName = '', pairAddress, tokenId } = useParams()
  const version = useLocation().pathname.split('/')[2] ?? 'v3'
  const network = networkName(chainName)
  return (
    <Page
      title={
        <FormattedMessage
          id="page.position.title"
          defaultMessage="{version} position {id}"
          values={{ version, id: tokenId ? `#${tokenId}` : (pairAddress ?? '') }}
        />
      }
      subtitle={network}
    >
      {version === 'v3' || version === 'v4' ? (
        <PositionView network={chainName} version={version} tokenId={tokenId} />
      ) : (
        <V2PositionView network={chainName} pair={pairAddress ?? ''} />
      )}
    </Page>
  )
}
