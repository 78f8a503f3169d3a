import { FormattedMessage, useIntl } from 'react-intl'
import { useParams } from 'react-router'
import { networkName } from '../modules/config/index.ts'
import { Card, ComingSoon, Page, SkeletonRows } from '../modules/ui/index.ts'

/** /explore/pools/:chainName/:poolAddress. */
export default function PoolDetailsPage() {
  const intl = useIntl()
  const { chainName = '', poolAddress = '' } = useParams()
  const network = networkName(chainName)
  return (
    <Page
      title={<FormattedMessage id="page.pool.title" defaultMessage="Pool details" />}
      subtitle={
        <FormattedMessage
          id="page.pool.subtitle"
          defaultMessage="{address} on {network}"
          values={{ address: poolAddress, network }}
        />
      }
    >
      <ComingSoon />
      <Card>
        <SkeletonRows
          count={5}
          label={intl.formatMessage({ id: 'page.pool.loading', defaultMessage: 'Loading pool' })}
        />
      </Card>
    </Page>
  )
}
