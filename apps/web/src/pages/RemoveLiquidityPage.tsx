import { useQuery } from '@tanstack/react-query'
import { FormattedMessage, useIntl } from 'react-intl'
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router'
import {
  findV2Pair,
  PositionView,
  resolveCurrency,
  supportedVersions,
  VersionUnavailable,
} from '../modules/liquidity/index.ts'
import { Card, Page, SkeletonRows } from '../modules/ui/index.ts'

/**
 * /remove/v2/:currencyIdA/:currencyIdB and /remove/:tokenId: the legacy remove URLs. v2 lands on the
 * pair's position page (the pair of the two currencies; the network from ?chain=); a token id shows
 * that v3 position under this URL, whose Remove action removes.
 */
export default function RemoveLiquidityPage() {
  const intl = useIntl()
  const { currencyIdA = '', currencyIdB = '', tokenId } = useParams()
  const [search] = useSearchParams()
  const chain = search.get('chain') ?? 'ethereum'
  const v2 = useLocation().pathname.startsWith('/remove/v2')
  const v2Missing = v2 && !supportedVersions(chain).includes('v2')
  const pair = useQuery({
    queryKey: ['liquidity', 'v2-pair', chain, currencyIdA, currencyIdB],
    queryFn: async () => {
      const [a, b] = await Promise.all([
        resolveCurrency(chain, 'v2', currencyIdA),
        resolveCurrency(chain, 'v2', currencyIdB),
      ])
      return a && b ? await findV2Pair(chain, a.address, b.address) : null
    },
    enabled: v2 && !v2Missing,
  })
  if (pair.data) return <Navigate replace to={`/positions/v2/${chain}/${pair.data}`} />
  return (
    <Page
      narrow
      title={
        <FormattedMessage
          id="page.remove.title"
          defaultMessage="Remove {version} liquidity"
          values={{ version: v2 ? 'v2' : 'v3' }}
        />
      }
    >
      {!v2 ? (
        <PositionView network={chain} version="v3" tokenId={tokenId} />
      ) : v2Missing ? (
        <VersionUnavailable version="v2" network={chain} />
      ) : pair.isPending ? (
        <SkeletonRows
          count={2}
          label={intl.formatMessage({ id: 'page.position.loading', defaultMessage: 'Loading position' })}
        />
      ) : (
        <Card role="alert" data-testid="pool-not-found">
          <FormattedMessage id="liquidity.poolNotFound" defaultMessage="Pool not found" />
        </Card>
      )}
    </Page>
  )
}
