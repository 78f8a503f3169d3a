import { isEvmAddress, shortenAddress } from '@oxbow/core'
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { Link, useLocation, useParams, useSearchParams } from 'react-router'
import { getRuntimeConfig, isKnownNetwork, networkName } from '../../config/index.ts'
import { setPageTitle } from '../../seo/index.ts'
import { Button, Card, Dialog, NotFoundState, Page, Skeleton, SkeletonRows } from '../../ui/index.ts'
import { CopyButton } from '../../wallet/index.ts'
import { useCollectionNfts, useNftCollection } from '../hooks/useNftData.ts'
import { marketplaceUrl } from '../services/marketplace.ts'
import type { NftItem } from '../services/nftData.ts'
import { DEFAULT_NFT_NETWORK } from '../services/nftRoute.ts'
import { NftImage } from './NftImage.tsx'
import { NftReportButton } from './NftReportDialog.tsx'
import styles from './Nfts.module.css'
import { nm } from './nftMessages.ts'

function NotFound() {
  const intl = useIntl()
  return (
    <NotFoundState
      title={intl.formatMessage(nm.notFoundTitle)}
      body={intl.formatMessage(nm.notFoundBody)}
      backTo="/nfts"
      backLabel={intl.formatMessage(nm.backToNfts)}
      testId="nft-not-found"
    />
  )
}

/**
 * /nfts/collection/:contractAddress?chain=<slug>: the collection's stats and its items (image,
 * name, owner) from the indexer; an item opens its details (description, traits, marketplace).
 * Every string here is the contract's metadata, rendered as text.
 */
export function NftCollectionView() {
  const intl = useIntl()
  const { contractAddress = '' } = useParams()
  const [params] = useSearchParams()
  const network = params.get('chain') ?? DEFAULT_NFT_NETWORK
  const valid = isKnownNetwork(network) && isEvmAddress(contractAddress)
  const collection = useNftCollection(network, contractAddress, valid)
  const items = useCollectionNfts(network, contractAddress, valid && collection.data != null)
  const [open, setOpen] = useState<NftItem | null>(null)
  const { pathname } = useLocation()
  const loaded = collection.data
  useEffect(() => {
    if (!loaded) return
    setPageTitle(
      pathname,
      intl.formatMessage(nm.documentTitle, { name: loaded.name, network: networkName(loaded.network) }),
    )
    return () => setPageTitle(pathname, null)
  }, [loaded, intl, pathname])

  if (!valid || collection.data === null) return <NotFound />
  const count = (value: number) => intl.formatNumber(value)
  const unavailable = (retry: () => unknown) => (
    <div className={styles.message} role="alert">
      <p>{intl.formatMessage(nm.unavailable)}</p>
      <Button onClick={() => void retry()}>{intl.formatMessage(nm.retry)}</Button>
    </div>
  )
  if (collection.isError)
    return <Page title={intl.formatMessage(nm.title)}>{unavailable(collection.refetch)}</Page>
  const list = items.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <Page
      title={
        loaded ? (
          <span className={styles.title} data-testid="nft-collection-name">
            {loaded.name}
          </span>
        ) : (
          <>
            <Skeleton width="medium" />
            <span className="visually-hidden">{intl.formatMessage(nm.loading)}</span>
          </>
        )
      }
    >
      <nav className={styles.crumbs}>
        <Link to="/nfts">{intl.formatMessage(nm.title)}</Link>
        <span aria-hidden="true"> › </span>
        <span>{networkName(network)}</span>
      </nav>
      {loaded ? (
        <Card className={styles.header}>
          <NftImage src={loaded.imageUrl} size="small" />
          <div className={styles.headerText}>
            <span className={styles.muted}>{loaded.symbol}</span>
            <span className={styles.address}>
              <code>{shortenAddress(loaded.address, 6)}</code>
              <CopyButton
                text={loaded.address}
                label={intl.formatMessage(nm.copyAddress)}
                className={styles.copy}
              />
            </span>
          </div>
          <dl className={styles.stats} aria-label={intl.formatMessage(nm.stats)}>
            <div>
              <dt>{intl.formatMessage(nm.items)}</dt>
              <dd data-testid="nft-stat-items">{count(loaded.totalSupply)}</dd>
            </div>
            <div>
              <dt>{intl.formatMessage(nm.owners)}</dt>
              <dd data-testid="nft-stat-owners">{count(loaded.ownerCount)}</dd>
            </div>
            <div>
              <dt>{intl.formatMessage(nm.transfers)}</dt>
              <dd data-testid="nft-stat-transfers">{count(loaded.transferCount)}</dd>
            </div>
          </dl>
        </Card>
      ) : null}
      {items.isError ? (
        unavailable(items.refetch)
      ) : items.data === undefined ? (
        <SkeletonRows count={4} label={intl.formatMessage(nm.loading)} />
      ) : (
        <>
          <ul
            className={styles.grid}
            aria-label={intl.formatMessage(nm.grid, { collection: loaded?.name ?? '' })}
          >
            {list.map((item) => (
              <li key={item.tokenId}>
                <button
                  type="button"
                  className={styles.item}
                  onClick={() => setOpen(item)}
                  data-testid="nft-item"
                >
                  <NftImage src={item.imageUrl} />
                  <span className={styles.name} data-testid="nft-item-name">
                    {item.name ?? intl.formatMessage(nm.tokenId, { tokenId: item.tokenId })}
                  </span>
                  <span className={styles.muted} data-testid="nft-item-owner" data-owner={item.owner}>
                    {intl.formatMessage(nm.ownedBy, { owner: shortenAddress(item.owner, 4) })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {items.hasNextPage ? (
            <div>
              <Button onClick={() => void items.fetchNextPage()} disabled={items.isFetchingNextPage}>
                {intl.formatMessage(nm.loadMore)}
              </Button>
            </div>
          ) : null}
        </>
      )}
      <Dialog
        open={open !== null}
        onClose={() => setOpen(null)}
        label={open?.name ?? intl.formatMessage(nm.tokenId, { tokenId: open?.tokenId ?? '' })}
        className={styles.dialog}
        data-testid="nft-details"
      >
        {open && loaded ? <NftDetails item={open} network={network} collection={loaded.address} /> : null}
        <Button onClick={() => setOpen(null)}>{intl.formatMessage(nm.close)}</Button>
      </Dialog>
    </Page>
  )
}

function NftDetails({ item, network, collection }: { item: NftItem; network: string; collection: string }) {
  const intl = useIntl()
  const market = marketplaceUrl(getRuntimeConfig().environment, network, collection, item.tokenId)
  return (
    <div className={styles.details}>
      <NftImage src={item.imageUrl} size="large" />
      <div className={styles.detailsText}>
        <h2 className={styles.name}>
          {item.name ?? intl.formatMessage(nm.tokenId, { tokenId: item.tokenId })}
        </h2>
        <p className={styles.muted}>{intl.formatMessage(nm.tokenId, { tokenId: item.tokenId })}</p>
        {item.description ? (
          <>
            <h3>{intl.formatMessage(nm.description)}</h3>
            <p className={styles.description} data-testid="nft-description">
              {item.description}
            </p>
          </>
        ) : null}
        <h3>{intl.formatMessage(nm.owner)}</h3>
        <p>
          <code className={styles.address}>{item.owner}</code>
        </p>
        {item.attributes.length > 0 ? (
          <>
            <h3>{intl.formatMessage(nm.traits)}</h3>
            <dl className={styles.traits} data-testid="nft-traits">
              {item.attributes.map((a, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: traits may repeat; their order is the metadata's
                <div key={index}>
                  <dt>{a.traitType}</dt>
                  <dd>{a.value}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : null}
        {market ? (
          <a href={market} target="_blank" rel="noopener noreferrer">
            {intl.formatMessage(nm.marketplace)}{' '}
            <span className="visually-hidden">{intl.formatMessage(nm.newTab)}</span>
          </a>
        ) : null}
        <p>
          <NftReportButton network={network} contractAddress={collection} tokenId={item.tokenId} />
        </p>
      </div>
    </div>
  )
}
