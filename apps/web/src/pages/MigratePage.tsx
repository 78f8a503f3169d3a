import { FormattedMessage } from 'react-intl'
import { Link, useLocation, useParams } from 'react-router'
import { MigrateV2, MigrateV3 } from '../modules/liquidity/index.ts'
import { ComingSoon, Page } from '../modules/ui/index.ts'

/**
 * /migrate/v2/:chainName/:pairAddress: v2 -> v3 through the V3Migrator; /migrate/v3/:chainName/:tokenId:
 * v3 -> v4 through the Universal Router. /migrate/v2[/:address] (the account's v2 positions) is not
 * built yet.
 */
export default function MigratePage() {
  const version = useLocation().pathname.split('/')[2] ?? 'v2'
  const { chainName, pairAddress, tokenId } = useParams()
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
      {version === 'v2' && chainName && pairAddress ? (
        <MigrateV2 network={chainName} pair={pairAddress} />
      ) : version === 'v3' && chainName && tokenId ? (
        <MigrateV3 network={chainName} tokenId={tokenId} />
      ) : (
        <ComingSoon>
          <FormattedMessage
            id="page.migrate.comingSoon"
            defaultMessage="Moving {version} positions to newer pools arrives in a later release."
            values={{ version }}
          />{' '}
          <Link to="/positions">
            <FormattedMessage id="liquidity.back" defaultMessage="Back to positions" />
          </Link>
        </ComingSoon>
      )}
    </Page>
  )
}
