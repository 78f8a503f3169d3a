import { FormattedMessage } from 'react-intl'
import { useLocation, useParams, useSearchParams } from 'react-router'
import { CreatePosition, PositionView } from '../modules/liquidity/index.ts'
import { Page } from '../modules/ui/index.ts'

/**
 * /add/v2[...] and /add/:currencyIdA[/:currencyIdB[/:feeAmount[/:tokenId]]]: the legacy add URLs land
 * on the create flow pre-filled with their currencies and fee (v2 for /add/v2, v3 otherwise; the
 * network from ?chain=, else the first with that version); with a token id, that v3 position (on
 * ?chain=, else ethereum) under this URL, whose Add action adds to it.
 */
export default function AddLiquidityPage() {
  const { currencyIdA, currencyIdB, feeAmount, tokenId } = useParams()
  const [search] = useSearchParams()
  const version = useLocation().pathname.startsWith('/add/v2') ? 'v2' : 'v3'
  const chain = search.get('chain') ?? 'ethereum'
  const fee = Number(feeAmount)
  return (
    <Page
      narrow
      title={
        <FormattedMessage id="page.add.title" defaultMessage="Add {version} liquidity" values={{ version }} />
      }
    >
      {tokenId ? (
        <PositionView network={chain} version="v3" tokenId={tokenId} />
      ) : (
        <CreatePosition
          version={version}
          prefill={{
            network: chain,
            ...(currencyIdA ? { currencyA: currencyIdA } : {}),
            ...(currencyIdB ? { currencyB: currencyIdB } : {}),
            ...(Number.isInteger(fee) && fee > 0 ? { fee } : {}),
          }}
        />
      )}
    </Page>
  )
}
