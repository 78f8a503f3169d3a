import { FormattedMessage } from 'react-intl'
import { useParams, useSearchParams } from 'react-router'
import { CreatePosition, PoolFinder } from '../modules/liquidity/index.ts'
import { Page } from '../modules/ui/index.ts'

const VERSIONS = ['v2', 'v3', 'v4'] as const

/**
 * /positions/create and /positions/create/:protocolVersion: the stepwise position creation.
 * Query parameters pre-fill it: chain, currencyA, currencyB, fee (hundredths of a basis point); new
 * ones (the pool finder's "Create pool") start it again. v2 also offers the pool finder and "Import v2
 * position" (where the legacy /pool/v2/find and /pools/v2/find lead).
 */
export default function CreatePositionPage() {
  const param = useParams().protocolVersion
  const version = VERSIONS.find((v) => v === param) ?? 'v4'
  const [search] = useSearchParams()
  const fee = Number(search.get('fee'))
  return (
    <Page
      title={
        <FormattedMessage
          id="page.createPosition.title"
          defaultMessage="New {version} position"
          values={{ version }}
        />
      }
    >
      <CreatePosition
        key={`${version}?${search.toString()}`}
        version={version}
        prefill={{
          ...(search.get('chain') ? { network: search.get('chain') ?? '' } : {}),
          ...(search.get('currencyA') ? { currencyA: search.get('currencyA') ?? '' } : {}),
          ...(search.get('currencyB') ? { currencyB: search.get('currencyB') ?? '' } : {}),
          ...(Number.isInteger(fee) && fee > 0 ? { fee } : {}),
        }}
      />
      {version === 'v2' ? <PoolFinder network={search.get('chain') ?? undefined} /> : null}
    </Page>
  )
}
