import { useIntl } from 'react-intl'
import { Link, useSearchParams } from 'react-router'
import { NetworksUnavailable, networkName, useNetworks, useServedNetworks } from '../../config/index.ts'
import { usePreferences } from '../../preferences/index.ts'
import { Button, Page, SkeletonRows } from '../../ui/index.ts'
import { useNftCollections } from '../hooks/useNftData.ts'
import { collectionPath } from '../services/nftRoute.ts'
import { NftImage } from './NftImage.tsx'
import styles from './Nfts.module.css'
import { nm } from './nftMessages.ts'

/** /nfts: the indexed collections (most transferred first), on one network (?chain=) or all. */
export function NftCollectionsView() {
  const networks = useNetworks()
  const intl = useIntl()
  const [params, setParams] = useSearchParams()
  const requested = params.get('chain')
  // Only a listed network (the mainnets, or the testnets in testnet mode); else all of them.
  const network = requested && networks.some((n) => n.slug === requested) ? requested : null
  const { testnetMode } = usePreferences()
  const { served } = useServedNetworks()
  const scope = network ? [network] : networks.map((n) => n.slug)
  const unavailable = testnetMode && served !== undefined && !scope.some((slug) => served.includes(slug))
  const collections = useNftCollections(network, !unavailable && !(testnetMode && served === undefined))
  const count = (value: number) => intl.formatNumber(value)
  return (
    <Page title={intl.formatMessage(nm.title)} subtitle={intl.formatMessage(nm.subtitle)}>
      <label className={styles.filter}>
        <span>{intl.formatMessage(nm.network)}</span>
        <select
          value={network ?? ''}
          onChange={(event) => setParams(event.target.value ? { chain: event.target.value } : {})}
        >
          <option value="">{intl.formatMessage(nm.allNetworks)}</option>
          {networks.map((n) => (
            <option key={n.slug} value={n.slug}>
              {n.name}
            </option>
          ))}
        </select>
      </label>
      {unavailable ? (
        <NetworksUnavailable networks={scope} className={styles.message} />
      ) : collections.isError ? (
        <div className={styles.message} role="alert">
          <p>{intl.formatMessage(nm.unavailable)}</p>
          <Button onClick={() => void collections.refetch()}>{intl.formatMessage(nm.retry)}</Button>
        </div>
      ) : collections.data === undefined ? (
        <SkeletonRows count={4} label={intl.formatMessage(nm.loading)} />
      ) : collections.data.length === 0 ? (
        <p className={styles.message}>{intl.formatMessage(nm.noCollections)}</p>
      ) : (
        <ul className={styles.collections} aria-label={intl.formatMessage(nm.collections)}>
          {collections.data.map((c) => (
            <li key={`${c.network}:${c.address}`}>
              <Link
                className={styles.collectionCard}
                to={collectionPath(c.network, c.address)}
                data-testid="nft-collection-card"
              >
                <NftImage src={c.imageUrl} size="small" />
                <span className={styles.collectionText}>
                  <span className={styles.name}>{c.name}</span>
                  <span className={styles.muted}>
                    {c.symbol} · {networkName(c.network)}
                  </span>
                </span>
                <span className={styles.collectionStats}>
                  <span>
                    {intl.formatMessage(nm.items)} <strong>{count(c.totalSupply)}</strong>
                  </span>
                  <span>
                    {intl.formatMessage(nm.owners)} <strong>{count(c.ownerCount)}</strong>
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  )
}
