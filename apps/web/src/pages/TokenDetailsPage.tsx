import { FormattedMessage, useIntl } from 'react-intl'
import { useParams } from 'react-router'
import { networkName } from '../modules/config/index.ts'
import { Card, ComingSoon, Page, SkeletonRows, UnknownValue } from '../modules/ui/index.ts'
import styles from './Pages.module.css'

/** /explore/tokens/:chainName/:tokenAddress: chart, stats and balances. */
export default function TokenDetailsPage() {
  const intl = useIntl()
  const { chainName = '', tokenAddress = '' } = useParams()
  const network = networkName(chainName)
  return (
    <Page
      title={<FormattedMessage id="page.token.title" defaultMessage="Token details" />}
      subtitle={
        <FormattedMessage
          id="page.token.subtitle"
          defaultMessage="{address} on {network}"
          values={{ address: tokenAddress, network }}
        />
      }
    >
      <ComingSoon />
      <div className={styles.grid}>
        {(['price', 'tvl', 'volume'] as const).map((stat) => (
          <Card key={stat} className={styles.stat}>
            <span className={styles.statLabel}>
              <FormattedMessage
                id="page.token.stat"
                defaultMessage="{stat, select, price {Price} tvl {TVL} other {{period} volume}}"
                values={{
                  stat,
                  period: intl.formatNumber(24, { style: 'unit', unit: 'hour', unitDisplay: 'narrow' }),
                }}
              />
            </span>
            <span className={styles.statValue}>
              <UnknownValue />
            </span>
          </Card>
        ))}
      </div>
      <Card>
        <SkeletonRows
          count={4}
          label={intl.formatMessage({ id: 'page.token.loading', defaultMessage: 'Loading chart' })}
        />
      </Card>
    </Page>
  )
}
