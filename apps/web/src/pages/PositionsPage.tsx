import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from 'react-router'
import { buttonClassName, Card, ComingSoon, Page, SkeletonRows } from '../modules/ui/index.ts'

/** /positions: the account's liquidity positions. */
export default function PositionsPage() {
  const intl = useIntl()
  return (
    <Page title={<FormattedMessage id="page.positions.title" defaultMessage="Your positions" />}>
      <div>
        <Link to="/positions/create" className={buttonClassName}>
          <FormattedMessage id="page.positions.new" defaultMessage="New position" />
        </Link>
      </div>
      <ComingSoon />
      <Card>
        <SkeletonRows
          count={3}
          label={intl.formatMessage({ id: 'page.positions.loading', defaultMessage: 'Loading positions' })}
        />
      </Card>
    </Page>
  )
}
