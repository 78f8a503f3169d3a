import { FormattedMessage } from 'react-intl'
import { useLocation, useParams } from 'react-router'
import { MigrateV2, MigrateV2ForPair, MigrateV2List, MigrateV3 } from '../modules/liquidity/index.ts'
import { Page } from '../modules/ui/index.ts'

/**
 * /migrate/v2: the account's v2 liquidity on every network, each with a link to migrate it;
 * /migrate/v2/:address: one pair, its network found from the account's positions (else the
 * wallet's); /migrate/v2/:chainName/:pairAddress: v2 -> v3 through the V3Migrator;
 * /migrate/v3/:chainName/:tokenId: v3 -> v4 through the Universal Router.
 */
export default function MigratePage() {
  const version = useLocation().pathname.split('/')[2] === 'v3' ? 'v3' : 'v2'
  const { chainName, pairAddress, tokenId, address } = useParams()
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
      {version === 'v3' ? (
        chainName && tokenId ? (
          <MigrateV3 network={chainName} tokenId={tokenId} />
        ) : null
      ) : chainName && pairAddress ? (
        <MigrateV2 network={chainName} pair={pairAddress} />
      ) : address !== undefined ? (
        <MigrateV2ForPair address={address} />
      ) : (
        <MigrateV2List />
      )}
    </Page>
  )
}
