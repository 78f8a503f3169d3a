import { formatTokenAmount } from '@oxbow/core'
import { useId, useState } from 'react'
import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import type { Address } from 'viem'
import { getNetworks } from '../../config/index.ts'
import { usePreferences } from '../../preferences/index.ts'
import { Button, Card, secondaryButtonClassName } from '../../ui/index.ts'
import { useWalletState } from '../../wallet/index.ts'
import { supportedVersions } from '../services/createPosition.ts'
import { importedV2Key, importV2Pair } from '../services/importedPairs.ts'
import { findV2Pool, type V2PoolSearch } from '../services/v2Position.ts'
import { ConnectPrompt } from './ConnectPrompt.tsx'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'
import { NetworkOptions } from './NetworkOptions.tsx'

/** LP tokens of every v2 pair have 18 decimals (UniswapV2ERC20). */
const LP_DECIMALS = 18

/**
 * The pool finder and "Import v2 position" (/pool/v2/find and /pools/v2/find lead here): two
 * currencies on a network with v2; the pair from the factory's `getPair` and the account's LP tokens
 * in it, read from the chain. Importing keeps the pair in the preferences store, so /positions lists
 * it even where the indexer does not; "Pool not found" offers to create the pair.
 */
export function PoolFinder({ network: initialNetwork }: { network?: string | undefined }) {
  const intl = useIntl()
  const id = useId()
  const { address } = useWalletState()
  const { importedV2Pairs } = usePreferences()
  const networks = getNetworks().filter((n) => supportedVersions(n.slug).includes('v2'))
  const [network, setNetwork] = useState(
    networks.find((n) => n.slug === initialNetwork)?.slug ?? networks[0]?.slug ?? '',
  )
  const [currencyA, setCurrencyA] = useState('')
  const [currencyB, setCurrencyB] = useState('')
  const [searching, setSearching] = useState(false)
  const [result, setResult] = useState<V2PoolSearch | 'failed' | null>(null)
  if (networks.length === 0) return null

  const find = async () => {
    setSearching(true)
    setResult(null)
    try {
      setResult(await findV2Pool(network, currencyA, currencyB, (address as Address | null) ?? null))
    } catch {
      setResult('failed')
    } finally {
      setSearching(false)
    }
  }
  const createHref = `/positions/create/v2?${new URLSearchParams({
    chain: network,
    currencyA: currencyA.trim(),
    currencyB: currencyB.trim(),
  })}`
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value)
    setResult(null)
  }

  return (
    <Card data-testid="pool-finder">
      <section aria-labelledby={`${id}-title`} className={styles.actions}>
        <h2 id={`${id}-title`}>{intl.formatMessage(m.finderTitle)}</h2>
        <p>{intl.formatMessage(m.finderIntro)}</p>
        <div className={styles.form}>
          <label>
            <span>{intl.formatMessage(m.filterNetwork)}</span>
            <select value={network} onChange={(e) => edit(setNetwork)(e.target.value)}>
              <NetworkOptions networks={networks} />
            </select>
          </label>
          <label>
            <span>{intl.formatMessage(m.tokenA)}</span>
            <input
              value={currencyA}
              autoComplete="off"
              spellCheck={false}
              placeholder={intl.formatMessage(m.tokenPlaceholder)}
              onChange={(e) => edit(setCurrencyA)(e.target.value)}
            />
          </label>
          <label>
            <span>{intl.formatMessage(m.tokenB)}</span>
            <input
              value={currencyB}
              autoComplete="off"
              spellCheck={false}
              placeholder={intl.formatMessage(m.tokenPlaceholder)}
              onChange={(e) => edit(setCurrencyB)(e.target.value)}
            />
          </label>
        </div>
        <Button type="button" disabled={searching} onClick={() => void find()}>
          {intl.formatMessage(m.findPool)}
        </Button>
        <div aria-live="polite">
          {result === 'failed' ? (
            <p role="alert">{intl.formatMessage(m.unavailable)}</p>
          ) : result?.kind === 'invalidPair' ? (
            <p role="alert" data-testid="finder-problem">
              {intl.formatMessage(m.invalidPair)}
            </p>
          ) : result?.kind === 'notFound' ? (
            <div data-testid="pool-not-found" className={styles.actions}>
              <p role="alert">{intl.formatMessage(m.poolNotFound)}</p>
              <Link to={createHref} className={secondaryButtonClassName} data-testid="finder-create">
                {intl.formatMessage(m.createPool)}
              </Link>
            </div>
          ) : result?.kind === 'found' ? (
            (() => {
              const p = result.position
              const imported = importedV2Pairs.includes(importedV2Key(p.network, p.pair))
              return (
                <div
                  data-testid="pool-found"
                  data-pair={p.pair}
                  data-balance={p.balance.toString()}
                  className={styles.actions}
                >
                  <p>
                    {/* Token symbols are on-chain text: rendered as text only. */}
                    {p.token0.symbol}/{p.token1.symbol} · v2
                  </p>
                  {!address ? (
                    <ConnectPrompt />
                  ) : p.balance === 0n ? (
                    <>
                      <p>{intl.formatMessage(m.noLpTokens)}</p>
                      <Link to={createHref} className={secondaryButtonClassName}>
                        {intl.formatMessage(m.add)}
                      </Link>
                    </>
                  ) : (
                    <>
                      <p>
                        {intl.formatMessage(m.lpTokens)}:{' '}
                        {formatTokenAmount(p.balance, LP_DECIMALS, { locale: intl.locale })}
                      </p>
                      {imported ? (
                        <p data-testid="pool-imported">{intl.formatMessage(m.imported)}</p>
                      ) : (
                        <Button type="button" onClick={() => importV2Pair(p.network, p.pair)}>
                          {intl.formatMessage(m.importPosition)}
                        </Button>
                      )}
                      <Link
                        to={`/positions/v2/${p.network}/${p.pair}`}
                        className={secondaryButtonClassName}
                        data-testid="finder-position"
                      >
                        {intl.formatMessage(m.viewPosition)}
                      </Link>
                    </>
                  )}
                </div>
              )
            })()
          ) : null}
        </div>
      </section>
    </Card>
  )
}
