import { FormattedMessage } from 'react-intl'
import { useLocation } from 'react-router'
import { ComingSoon, Page } from '../modules/ui/index.ts'

/** /migrate/v2[...] and /migrate/v3/:chainName/:tokenId. */
export default function MigratePage() {
  const version = useLocation().pathname.split('/')[2] ?? 'v2'
  return (
    <Page
      narrow
      title={
        <FormattedMessage
          id="page.migrate.title"
          defaultMessage="Migrate {version} liquidity"
          values={{ version }}
        />
      }
    >
      <ComingSoon>
        <FormattedMessage
          id="page.migrate.comingSoon"
          defaultMessage="Moving {version} positions to newer pools arrives in a later release."
          values={{ version }}
        />
      </ComingSoon>
    </Page>
  )
}
