import type { IntlShape } from 'react-intl'
import { Link } from 'react-router'
import { networkName } from '../../config/index.ts'
import { TokenMark } from '../../tokens/index.ts'
import { CopyButton } from '../../wallet/index.ts'
import type { NftCollectionResult, PoolResult, TokenResult } from '../services/searchData.ts'
import { favoriteKey, toggleFavorite } from '../state/favorites.ts'
import { addRecentSearch } from '../state/recentSearches.ts'
import styles from './SearchModal.module.css'
import { searchMessages as m } from './searchMessages.ts'
import { collectionPath, poolPath, tokenPath } from './searchSections.ts'

/**
 * The search modal's result rows: NFT collections, tokens (logo, copy, share, swap, send, buy; a
 * blocked token without swap, send and buy) and pools
 * (copy the address or v4 pool id, share); opening one records it as a recent search. Tokens also
 * have favorite (a toggle, left out in explore mode: `favorites` is null there) and receive.
 */
export function searchResultRows(
  intl: IntlShape,
  options: { favorites: readonly string[] | null; onReceive: () => void },
) {
  const percent = (feeTier: number) =>
    intl.formatNumber(feeTier / 1_000_000, { style: 'percent', maximumFractionDigits: 2 })
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  const share = (path: string, name: string) => (
    <CopyButton
      text={origin + path}
      label={intl.formatMessage(m.share)}
      ariaLabel={intl.formatMessage(m.shareLabel, { name })}
      className={styles.action}
    />
  )
  const collectionRows = (list: readonly NftCollectionResult[]) =>
    list.map((collection) => (
      <li key={`${collection.network}:${collection.address}`} className={styles.row}>
        <Link
          className={styles.result}
          data-result=""
          to={collectionPath(collection)}
          onClick={() =>
            addRecentSearch({
              kind: 'collection',
              network: collection.network,
              id: collection.address,
              title: collection.name,
              subtitle: networkName(collection.network),
            })
          }
        >
          <span className={styles.resultName}>{collection.name}</span>
          <span className={styles.resultMeta}>{networkName(collection.network)}</span>
        </Link>
      </li>
    ))
  const tokenRows = (list: readonly TokenResult[]) =>
    list.map((token) => {
      const chainParam = `chain=${encodeURIComponent(token.network)}`
      const blocked = token.safety.toLowerCase() === 'blocked'
      return (
        <li key={`${token.network}:${token.address}`} className={styles.row}>
          <Link
            className={`${styles.result} ${styles.tokenResult}`}
            data-result=""
            to={tokenPath(token)}
            onClick={() =>
              addRecentSearch({
                kind: 'token',
                network: token.network,
                id: token.address,
                title: token.symbol,
                subtitle: `${token.name} · ${networkName(token.network)}`,
              })
            }
          >
            <TokenMark address={token.address} symbol={token.symbol} logoUrl={token.logoUrl} size={20} />
            <span className={styles.resultName}>{token.symbol}</span>
            <span className={styles.resultMeta}>
              {token.name} · {networkName(token.network)}
            </span>
          </Link>
          <fieldset
            className={styles.actions}
            aria-label={intl.formatMessage(m.actions, { name: token.symbol })}
          >
            <CopyButton
              text={token.address}
              label={intl.formatMessage(m.copyAddress)}
              className={styles.action}
            />
            {options.favorites ? (
              <button
                type="button"
                className={styles.action}
                aria-pressed={options.favorites.includes(favoriteKey({ kind: 'token', ...token }))}
                onClick={() => toggleFavorite({ kind: 'token', ...token })}
              >
                {intl.formatMessage(m.favorite)}
              </button>
            ) : null}
            {share(tokenPath(token), token.symbol)}
            {/* A blocked token cannot be used here (spec, roles): no swap, send or buy. */}
            {blocked ? null : (
              <Link className={styles.action} to={`/swap?${chainParam}&outputCurrency=${token.address}`}>
                {intl.formatMessage(m.swap)}
              </Link>
            )}
            {blocked ? null : (
              <Link className={styles.action} to={`/send?${chainParam}&inputCurrency=${token.address}`}>
                {intl.formatMessage(m.send)}
              </Link>
            )}
            <button type="button" className={styles.action} onClick={options.onReceive}>
              {intl.formatMessage(m.receive)}
            </button>
            {blocked ? null : (
              <Link className={styles.action} to={`/buy?${chainParam}&outputCurrency=${token.address}`}>
                {intl.formatMessage(m.buy)}
              </Link>
            )}
          </fieldset>
        </li>
      )
    })
  const poolRows = (list: readonly PoolResult[]) =>
    list.map((pool) => {
      const name = `${pool.token0}/${pool.token1}`
      return (
        <li key={`${pool.network}:${pool.id}`} className={styles.row}>
          <Link
            className={styles.result}
            data-result=""
            to={poolPath(pool)}
            onClick={() =>
              addRecentSearch({
                kind: 'pool',
                network: pool.network,
                id: pool.id,
                title: name,
                subtitle: `${pool.version.toLowerCase()} · ${percent(pool.feeTier)} · ${networkName(pool.network)}`,
              })
            }
          >
            <span className={styles.resultName}>{name}</span>
            <span className={styles.resultMeta}>
              {pool.version.toLowerCase()} · {percent(pool.feeTier)} · {networkName(pool.network)}
            </span>
          </Link>
          <fieldset className={styles.actions} aria-label={intl.formatMessage(m.actions, { name })}>
            <CopyButton
              text={pool.id}
              label={intl.formatMessage(pool.version === 'V4' ? m.copyPoolId : m.copyAddress)}
              className={styles.action}
            />
            {share(poolPath(pool), name)}
          </fieldset>
        </li>
      )
    })
  return { collectionRows, tokenRows, poolRows }
}
