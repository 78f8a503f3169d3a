import { FormattedMessage } from 'react-intl'
import { useLocation } from 'react-router'
import { ComingSoon, Page } from '../modules/ui/index.ts'

/** /remove/v2/:currencyIdA/:currencyIdB and /remove/:tokenId. */
export default function RemoveLiquidityPage() {
  const version = useLocation().pathname.startsWith('/remove/v2') ? 'v2' : 'v3'
  return (
    <Page
      narrow
      title={
        <FormattedMessage
          id="page.remove.title"
          defaultMessage="Remove {version} liquidity"
          values={{ version }}
        />
      }
    >
      <ComingSoon />
    </Page>
  )
}
