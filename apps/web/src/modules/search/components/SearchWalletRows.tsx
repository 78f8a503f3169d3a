import { isEvmAddress, isValidUsername, shortenAddress } from '@oxbow/core'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { IntlShape } from 'react-intl'
import { getRuntimeConfig } from '../../config/index.ts'
import { useEnsAddress, useEnsName, usernameOfQuery, usernameQuery } from '../../identity/index.ts'
import { longPress } from '../hooks/longPress.ts'
import { useIsContract, type useSearchResults } from '../hooks/useSearchData.ts'
import { favoriteKey, toggleFavorite } from '../state/favorites.ts'
import styles from './SearchModal.module.css'
import { searchMessages as m } from './searchMessages.ts'

/**
 * The search modal's wallet results: a username profile, an ENS match and an address the indexer
 * knows as nothing else and that is no smart contract (code other than a 7702 delegation), each opening the wallet's profile in a new tab. Looked up only while the
 * Wallets section shows (`enabled`).
 */
export function useWalletRows(
  intl: IntlShape,
  options: {
    query: string
    enabled: boolean
    /** The indexer's answer to the same query: a token's, pool's or collection's address is no wallet. */
    results: ReturnType<typeof useSearchResults>
    favorites: readonly string[]
    /** The chain filter: a raw address is checked for code on its node (all searched ones when unset). */
    chain: Parameters<typeof useIsContract>[1]
  },
) {
  const { query, results, favorites } = options
  const walletTerm = query.trim()
  const usernameTerm = walletTerm.toLowerCase()
  const wallets = options.enabled
  const usernameByName = useQuery(
    usernameQuery(wallets && isValidUsername(usernameTerm) ? usernameTerm : null),
  )
  const usernameByAddress = useQuery(usernameOfQuery(wallets && isEvmAddress(walletTerm) ? walletTerm : null))
  const ensMatch = useEnsAddress(wallets && walletTerm.includes('.') ? walletTerm : undefined)
  // An address query's own verified ENS name (its reverse record, checked forward).
  const ensOfAddress = useEnsName(wallets && isEvmAddress(walletTerm) ? walletTerm : undefined)
  // The spec: a raw address is a wallet result only when it is not a smart contract.
  const contract = useIsContract(wallets && isEvmAddress(walletTerm) ? walletTerm : null, options.chain)
  const profileUrl = (address: string) =>
    new URL(`address/${address}`, `${getRuntimeConfig().walletProfileUrl}/`).href
  /**
   * A wallet row: favorite or unfavorite by a 600 ms long-press of the row, or by its Favorite
   * toggle (the keyboard's and screen reader's way).
   */
  const walletRow = (key: string, name: string, meta: string, address: string, testId: string) => {
    const wallet = { kind: 'wallet', address } as const
    return (
      <li key={key} className={styles.row}>
        <a
          className={styles.result}
          data-result=""
          data-testid={testId}
          href={profileUrl(address)}
          target="_blank"
          rel="noopener noreferrer"
          {...longPress(() => toggleFavorite(wallet))}
        >
          <span className={styles.resultName}>{name}</span>
          <span className={styles.resultMeta}>{meta}</span>
        </a>
        <fieldset className={styles.actions} aria-label={intl.formatMessage(m.actions, { name })}>
          <button
            type="button"
            className={styles.action}
            aria-pressed={favorites.includes(favoriteKey(wallet))}
            onClick={() => toggleFavorite(wallet)}
          >
            {intl.formatMessage(m.favorite)}
          </button>
        </fieldset>
      </li>
    )
  }
  /**
   * The spec's wallet results, in order: a username profile (by its name, or by its own address),
   * an ENS match, and an address that is no token, pool or collection the indexer knows.
   */
  const walletRows = (): ReactNode[] | 'loading' => {
    const address = isEvmAddress(walletTerm)
    if (address) {
      // A token's, pool's or collection's own address is that, never a wallet.
      if (!results.data) return results.isError ? [] : 'loading'
      const lower = walletTerm.toLowerCase()
      const known = [...results.data.tokens.map((t) => t.address), ...results.data.pools.map((p) => p.id)]
        .concat(results.data.nftCollections.map((c) => c.address))
        .some((a) => a.toLowerCase() === lower)
      if (known) return []
    }
    const rows: ReactNode[] = []
    const profile = usernameByName.data ?? usernameByAddress.data ?? null
    if (profile) {
      rows.push(
        walletRow(
          `username:${profile.username}`,
          profile.username,
          shortenAddress(profile.address, 6),
          profile.address,
          'search-wallet-username',
        ),
      )
    }
    if (ensMatch.address) {
      rows.push(
        walletRow(
          `ens:${walletTerm}`,
          walletTerm.toLowerCase(),
          shortenAddress(ensMatch.address, 6),
          ensMatch.address,
          'search-wallet-ens',
        ),
      )
    }
    if (address && ensOfAddress) {
      rows.push(
        walletRow(
          `ens:${ensOfAddress}`,
          ensOfAddress,
          shortenAddress(walletTerm, 6),
          walletTerm,
          'search-wallet-ens',
        ),
      )
    }
    // Unknown (no node answered) counts as not a contract: the profile page says what it is.
    if (address && !contract.isLoading && contract.data !== true) {
      rows.push(
        walletRow(
          walletTerm,
          walletTerm,
          intl.formatMessage(m.walletProfile),
          walletTerm,
          'search-wallet-address',
        ),
      )
    }
    const loading =
      usernameByName.isLoading || usernameByAddress.isLoading || ensMatch.loading || contract.isLoading
    return rows.length === 0 && loading ? 'loading' : rows
  }
  return { walletRow, walletRows }
}
