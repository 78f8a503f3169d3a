import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { PositionsList } from '../modules/liquidity/index.ts'
import { buttonClassName, Page } from '../modules/ui/index.ts'

/** /positions: the account's liquidity positions. */
export default function PositionsPage() {
  return (
    <Page title={<FormattedMessage id="page.positions.title" defaultMessage="Your positions" />}>
      <div>
        <Link to="/positions/create" className={buttonClassName}>
          <FormattedMessage id="page.positions.new" defaultMessage="New position" />
        </Link>
      </div>
      <PositionsList />
    </Page>
  )
}
