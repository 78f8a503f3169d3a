import { FormattedMessage, useIntl } from 'react-intl'
import { useLocation, useParams } from 'react-router'
import { networkName } from '../modules/config/index.ts'
import { PositionView } from '../modules/liquidity/index.ts'
import { Card, ComingSoon, Page, SkeletonRows } from '../modules/ui/index.ts'

/** /positions/v2/:chainName/:pairAddress, /positions/v3|v4/:chainName/:tokenId. */
export default function PositionPage() {
  const intl = useIntl()
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
        <>
          <ComingSoon />
          <Card>
            <SkeletonRows
              count={4}
              label={intl.formatMessage({ id: 'page.position.loading', defaultMessage: 'Loading position' })}
            />
          </Card>
        </>
      )}
    </Page>
  )
}
