import { FormattedMessage } from 'react-intl'
import { useLocation, useParams } from 'react-router'
import { Card, ComingSoon, Page } from '../modules/ui/index.ts'

/** /add/v2[...] and /add/:currencyIdA[/:currencyIdB[/:feeAmount[/:tokenId]]]. */
export default function AddLiquidityPage() {
  const { currencyIdA, currencyIdB, feeAmount } = useParams()
  const version = useLocation().pathname.startsWith('/add/v2') ? 'v2' : 'v3'
  return (
    <Page
      narrow
      title={
        <FormattedMessage id="page.add.title" defaultMessage="Add {version} liquidity" values={{ version }} />
      }
    >
      <ComingSoon />
      <Card>
        <FormattedMessage
          id="page.add.pair"
          defaultMessage="Pair: {a} / {b}{fee, select, none {} other {, fee {fee}}}"
          values={{ a: currencyIdA ?? '—', b: currencyIdB ?? '—', fee: feeAmount ?? 'none' }}
        />
      </Card>
    </Page>
  )
}
