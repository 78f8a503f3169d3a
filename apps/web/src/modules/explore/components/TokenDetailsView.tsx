import { formatTokenAmount, isEvmAddress, shortenAddress } from '@oxbow/core'
import { type CSSProperties, type ReactNode, startTransition, useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { Link, useLocation, useParams } from 'react-router'
import { findNetwork, isKnownNetwork, useNetworks } from '../../config/index.ts'
import { useFiatFormatter } from '../../currency/index.ts'
import { routeMeta, setPageTitle } from '../../seo/index.ts'
import { EmbeddedSwapForm } from '../../swap/index.ts'
import { TokenMark } from '../../tokens/index.ts'
import { Card, NotFoundState, Page, Skeleton, SkeletonRows } from '../../ui/index.ts'
import { CopyButton, useWalletState } from '../../wallet/index.ts'
import { useTokenBalances, useTokenChart, useTokenDetails } from '../hooks/useTokenDetails.ts'
import { num } from '../services/format.ts'
import { type ChartRange, TOKEN_CHART_DEFAULT_RANGE, type TokenDetails } from '../services/tokenData.ts'
import styles from './Details.module.css'
import { ChartRangePicker, DetailsCrumbs, detailsTitle } from './DetailsHeader.tsx'
import { dm } from './detailsMessages.ts'
import { em } from './exploreMessages.ts'
import { usePriceChart } from './loadPriceChart.ts'
import { Change } from './TokensTable.tsx'
import { TransactionsTable } from './TransactionsTable.tsx'
import { usePriceText } from './usePriceText.ts'

/** The token and pool pages' not-found state (unknown network, malformed or unknown address). */
export function ExploreNotFound() {
  const intl = useIntl()
  const { pathname } = useLocation()
  // An unknown (well-formed) address: the tab says "not found" too, not "Token 0x… on …".
  useEffect(() => {
    setPageTitle(pathname, intl.formatMessage(routeMeta('/not-found').title))
    return () => setPageTitle(pathname, null)
  }, [intl, pathname])
  return (
    <NotFoundState
      title={intl.formatMessage(dm.notFoundTitle)}
      body={intl.formatMessage(dm.notFoundBody)}
      backTo="/explore"
      backLabel={intl.formatMessage(em.title)}
      testId="explore-not-found"
    />
  )
}

/** A figure with its label; a text figure's length lets its font shrink to fit its cell (Details.module.css). */
export function Stat({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const chars = typeof children === 'string' ? children.length : undefined
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd data-testid={testId} style={chars ? ({ '--chars': chars } as CSSProperties) : undefined}>
        {children}
      </dd>
    </div>
  )
}

/**
 * The safety level's warning and, for a token that keeps part of every trade (fee-on-transfer), its
 * buy and sell fees; nothing for a verified token without fees.
 */
function SafetyBanner({ token }: { token: TokenDetails }) {
  const intl = useIntl()
  const fees = (
    [
      ['buy', token.buyFeeBps],
      ['sell', token.sellFeeBps],
    ] as const
  ).filter((entry): entry is readonly ['buy' | 'sell', number] => entry[1] !== null && entry[1] > 0)
  if (token.safety === 'verified' && fees.length === 0) return null
  const percent = (bps: number) =>
    intl.formatNumber(bps / 10_000, { style: 'percent', maximumFractionDigits: 2 })
  return (
    <div className={styles.safety} role="alert" data-level={token.safety} data-testid="token-safety">
      {token.safety !== 'verified' ? <p>{intl.formatMessage(dm.safety, { level: token.safety })}</p> : null}
      {fees.length > 0 ? (
        <dl className={styles.fees}>
          {fees.map(([side, bps]) => (
            <div key={side}>
              <dt>{intl.formatMessage(side === 'buy' ? dm.buyFee : dm.sellFee)}</dt>
              <dd data-testid={`token-${side}-fee`}>{percent(bps)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  )
}

/**
 * A network's name in a list of the token's networks; with the address as well when the network has
 * more than one token of this symbol and name (a bridged copy next to the native one).
 */
function networkLabel(
  list: readonly { network: string; address: string; symbol?: string }[],
  item: { network: string; address: string; symbol?: string },
): string {
  const name = findNetwork(item.network)?.name ?? item.network
  return list.filter((other) => other.network === item.network && other.symbol === item.symbol).length > 1
    ? `${name} (${shortenAddress(item.address)})`
    : name
}

/**
 * The connected wallet's balance of the token on each network that has it, the native token next to
 * its wrapped one (ETH with WETH); nothing when not connected.
 */
/**
 * Whether a network is one the app shows now: the test networks only in testnet mode, the others
 * only outside it (the token's other networks and its balances follow the setting).
 */
function useIsShownNetwork(): (slug: string) => boolean {
  const shown = useNetworks()
  return (slug) => shown.some((network) => network.slug === slug)
}

function TokenBalances({ token }: { token: TokenDetails }) {
  const intl = useIntl()
  const { address } = useWalletState()
  const isShown = useIsShownNetwork()
  const balances = useTokenBalances(token, address, isShown)
  const { format } = useFiatFormatter()
  if (!address) return null
  return (
    <Card>
      <h2 className={styles.heading}>{intl.formatMessage(dm.balances)}</h2>
      {balances.data ? (
        <dl className={styles.balances} data-testid="token-balances">
          {balances.data.map((b) => {
            const value = num(b.valueUsd)
            return (
              <div key={`${b.network}:${b.address}`} data-network={b.network} data-address={b.address}>
                <dt>{networkLabel(balances.data, b)}</dt>
                <dd>
                  <span data-testid="token-balance-amount">
                    {formatTokenAmount(b.amount, b.decimals, { locale: intl.locale, significantDigits: 6 })}
                  </span>{' '}
                  {b.symbol}
                  {value !== null && b.amount > 0n ? (
                    <span className={styles.balanceValue}> {format(value)}</span>
                  ) : null}
                </dd>
              </div>
            )
          })}
        </dl>
      ) : balances.isError ? (
        <p role="alert">{intl.formatMessage(em.unavailable)}</p>
      ) : (
        <SkeletonRows count={2} label={intl.formatMessage(dm.balances)} />
      )}
    </Card>
  )
}

/** /explore/tokens/:chainName/:tokenAddress: price chart, stats, swap, info, transactions. */
export function TokenDetailsView() {
  const intl = useIntl()
  const { chainName = '', tokenAddress = '' } = useParams()
  const valid = isKnownNetwork(chainName) && isEvmAddress(tokenAddress)
  // Fetch the chart's code while the page's data is on its way, not after it arrived.
  const PriceChart = usePriceChart(valid)
  const details = useTokenDetails(chainName, tokenAddress, valid)
  const [range, setRange] = useState<ChartRange>(TOKEN_CHART_DEFAULT_RANGE)
  const [kind, setKind] = useState<'line' | 'candles'>('line')
  const chart = useTokenChart(chainName, tokenAddress, range, valid)
  const isShown = useIsShownNetwork()
  const { format } = useFiatFormatter()
  const price = usePriceText()
  const loaded = details.data
  // The swap box renders after the page's first commit, in a transition (React yields every few
  // ms): its render does not hold up the chart's drawing (measured: +60 ms to "chart drawn" when
  // it rendered in the same commit).
  const [swapShown, setSwapShown] = useState(false)
  const hasToken = Boolean(loaded)
  useEffect(() => {
    if (hasToken) startTransition(() => setSwapShown(true))
  }, [hasToken])
  const { pathname } = useLocation()
  // The route's title names the address; once the token is known its name and symbol replace it.
  useEffect(() => {
    if (!loaded) return
    setPageTitle(
      pathname,
      intl.formatMessage(dm.documentTitle, {
        name: loaded.name,
        symbol: loaded.symbol,
        network: findNetwork(loaded.network)?.name ?? loaded.network,
      }),
    )
    return () => setPageTitle(pathname, null)
  }, [loaded, intl, pathname])

  if (!valid || details.data === null) return <ExploreNotFound />
  const token = details.data
  const network = findNetwork(chainName)
  const usd = (value: string | null | undefined) => {
    const n = num(value)
    return n === null ? '–' : format(n)
  }
  const title = detailsTitle(
    token ? (
      <>
        <TokenMark address={token.address} symbol={token.symbol} logoUrl={token.logoUrl} size={32} />{' '}
        <span data-testid="token-name">{token.name}</span>{' '}
        <span className={styles.symbol}>{token.symbol}</span>
      </>
    ) : null,
    details.isError,
    'tokens',
    intl,
  )
  return (
    <Page title={title}>
      <DetailsCrumbs tab="tokens" chainName={chainName} />
      {token ? <SafetyBanner token={token} /> : null}
      <div className={styles.layout}>
        <div className={styles.main}>
          <div className={styles.priceLine}>
            <span className={styles.price} data-testid="token-price">
              {token ? price(num(token.priceUsd)) : <Skeleton width="short" />}
            </span>
            {token ? <Change value={token.priceChange24h} /> : null}
          </div>
          <Card className={styles.chartCard}>
            <div className={styles.chartControls}>
              <ChartRangePicker range={range} onChange={setRange} />
              <fieldset className={styles.segmented}>
                {(['line', 'candles'] as const).map((k) => (
                  <button key={k} type="button" aria-pressed={k === kind} onClick={() => setKind(k)}>
                    {intl.formatMessage(dm.kind, { kind: k })}
                  </button>
                ))}
              </fieldset>
            </div>
            {chart.data && chart.data.length > 0 ? (
              PriceChart ? (
                <PriceChart
                  candles={chart.data}
                  kind={kind}
                  label={intl.formatMessage(dm.chartLabel, { symbol: token?.symbol ?? '' })}
                  formatPrice={(n) => price(n)}
                />
              ) : (
                <div className={styles.chartPlaceholder} />
              )
            ) : chart.isError ? (
              <p className={styles.chartPlaceholder} role="alert">
                {intl.formatMessage(em.unavailable)}
              </p>
            ) : chart.data ? (
              <p className={styles.chartPlaceholder}>{intl.formatMessage(dm.chartEmpty)}</p>
            ) : (
              <div className={styles.chartPlaceholder} />
            )}
          </Card>
          <h2 className={styles.heading}>{intl.formatMessage(dm.stats)}</h2>
          <dl className={styles.stats} data-testid="token-stats">
            <Stat label={intl.formatMessage(em.colTvl)} testId="token-tvl">
              {usd(token?.tvlUsd)}
            </Stat>
            <Stat label={intl.formatMessage(dm.marketCap)}>{usd(token?.marketCapUsd)}</Stat>
            <Stat label={intl.formatMessage(em.colFdv)}>{usd(token?.fdvUsd)}</Stat>
            <Stat label={intl.formatMessage(em.colVolume1d)} testId="token-volume">
              {usd(token?.volume24hUsd)}
            </Stat>
            <Stat label={intl.formatMessage(dm.high52w)}>{price(num(token?.priceRange52w?.high))}</Stat>
            <Stat label={intl.formatMessage(dm.low52w)}>{price(num(token?.priceRange52w?.low))}</Stat>
          </dl>
          <h2 className={styles.heading}>{intl.formatMessage(em.transactions)}</h2>
          <TransactionsTable networks={[chainName]} token={tokenAddress} />
        </div>
        <aside className={styles.side}>
          {token && token.safety !== 'blocked' ? (
            // The real swap box, prefilled with the token: the swap module is already in every page's
            // entry (landing and swap are bundled with it), so this costs the page no download. None
            // for a blocked token: it cannot be traded here (the banner says so).
            <div className={styles.swap} data-testid="token-swap">
              <h2 className="visually-hidden">{intl.formatMessage(dm.swap, { symbol: token.symbol })}</h2>
              {swapShown ? (
                <EmbeddedSwapForm
                  key={`${token.network}:${token.address}`}
                  chain={chainName}
                  outputCurrency={token.address}
                />
              ) : null}
            </div>
          ) : null}
          <Card>
            <h2 className={styles.heading}>{intl.formatMessage(dm.info)}</h2>
            {token ? (
              <dl className={styles.info}>
                <dt>{intl.formatMessage(dm.address)}</dt>
                <dd>
                  <code className={styles.address}>{token.address}</code>{' '}
                  <CopyButton
                    text={token.address}
                    label={intl.formatMessage(dm.copy)}
                    className={styles.linkButton}
                  />
                </dd>
                {network?.explorer && !token.isNative ? (
                  <dd>
                    <a
                      href={`${network.explorer.url}/token/${token.address}`}
                      target="_blank"
                      rel="noreferrer"
                    >
                      {intl.formatMessage(dm.explorer, { explorer: network.explorer.name })}
                    </a>
                  </dd>
                ) : null}
                {token.sameTokens.some((t) => isShown(t.network)) ? (
                  <>
                    <dt>{intl.formatMessage(dm.otherNetworks)}</dt>
                    {token.sameTokens
                      .filter((t) => isShown(t.network))
                      .map((t, _, all) => (
                        <dd key={`${t.network}:${t.address}`}>
                          <Link to={`/explore/tokens/${t.network}/${t.address}`}>{networkLabel(all, t)}</Link>
                        </dd>
                      ))}
                  </>
                ) : null}
              </dl>
            ) : (
              <SkeletonRows count={2} label={intl.formatMessage(dm.info)} />
            )}
          </Card>
          {token ? <TokenBalances token={token} /> : null}
        </aside>
      </div>
    </Page>
  )
}
