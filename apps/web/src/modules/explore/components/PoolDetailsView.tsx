import { formatTokenAmount } from '@oxbow/core'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { Link, useParams } from 'react-router'
import { isKnownNetwork } from '../../config/index.ts'
import { useFiatFormatter } from '../../currency/index.ts'
import { AprWithReward } from '../../rewards/index.ts'
import { buttonClassName, Card, Page, secondaryButtonClassName } from '../../ui/index.ts'
import { CopyButton } from '../../wallet/index.ts'
import { usePoolChart, usePoolDetails } from '../hooks/usePoolDetails.ts'
import { feeTierText, num, rateText } from '../services/format.ts'
import { isPoolIdentifier } from '../services/poolData.ts'
import { type ChartRange, POOL_CHART_DEFAULT_RANGE } from '../services/tokenData.ts'
import styles from './Details.module.css'
import { ChartRangePicker, DetailsCrumbs, detailsTitle } from './DetailsHeader.tsx'
import { dm } from './detailsMessages.ts'
import { em } from './exploreMessages.ts'
import { LiquidityDepth } from './LiquidityDepth.tsx'
import { usePriceChart } from './loadPriceChart.ts'
import { PoolBadges } from './PoolsTable.tsx'
import { ExploreNotFound, Stat } from './TokenDetailsView.tsx'
import { TransactionsTable } from './TransactionsTable.tsx'

/** Where "add liquidity" goes for this pool (the spec's /add routes; v4 through create position). */
function addLiquidityPath(
  version: 'V2' | 'V3' | 'V4',
  token0: string,
  token1: string,
  feeTier: number,
): string {
  if (version === 'V2') return `/add/v2/${token0}/${token1}`
  if (version === 'V3') return `/add/${token0}/${token1}/${feeTier}`
  return '/positions/create/v4'
}

/** /explore/pools/:chainName/:poolAddress (v2/v3 address or v4 pool id). */
export function PoolDetailsView() {
  const intl = useIntl()
  const { chainName = '', poolAddress = '' } = useParams()
  const valid = isKnownNetwork(chainName) && isPoolIdentifier(poolAddress)
  const PriceChart = usePriceChart(valid)
  const details = usePoolDetails(chainName, poolAddress, valid)
  const pool = details.data
  const [range, setRange] = useState<ChartRange>(POOL_CHART_DEFAULT_RANGE)
  // The pool's own price (token1 per token0), not a token's USD price.
  const chart = usePoolChart(chainName, poolAddress, range, Boolean(pool))
  const { format } = useFiatFormatter()
  if (!valid || pool === null) return <ExploreNotFound />
  const usd = (value: string | null | undefined) => {
    const n = num(value)
    return n === null ? '–' : format(n)
  }
  const pct = (value: string | undefined) => rateText(num(value), intl.locale)
  const id = pool ? (pool.version === 'V4' ? pool.poolId : pool.address) : null
  return (
    <Page
      title={detailsTitle(
        pool ? (
          <span data-testid="pool-pair">
            {pool.token0.symbol}/{pool.token1.symbol}
          </span>
        ) : null,
        details.isError,
        'pools',
        intl,
      )}
    >
      <DetailsCrumbs tab="pools" chainName={chainName} />
      {pool ? (
        <div className={styles.actions}>
          <span className={styles.symbol} data-testid="pool-badges">
            <PoolBadges pool={pool} />
          </span>
          <span className="visually-hidden">
            {feeTierText(pool.version, pool.feeTier, intl.locale) ?? intl.formatMessage(em.dynamicFee)}
          </span>
          <Link
            className={buttonClassName}
            to={`/swap?chain=${encodeURIComponent(chainName)}&inputCurrency=${pool.token0.address}&outputCurrency=${pool.token1.address}`}
          >
            {intl.formatMessage(dm.swap, { symbol: `${pool.token0.symbol}/${pool.token1.symbol}` })}
          </Link>
          <Link
            className={secondaryButtonClassName}
            to={addLiquidityPath(pool.version, pool.token0.address, pool.token1.address, pool.feeTier)}
          >
            {intl.formatMessage(dm.addLiquidity)}
          </Link>
        </div>
      ) : null}
      <div className={styles.layout}>
        <div className={styles.main}>
          <Card className={styles.chartCard}>
            <div className={styles.chartControls}>
              <ChartRangePicker range={range} onChange={setRange} />
            </div>
            {pool && chart.data && chart.data.length > 0 ? (
              PriceChart ? (
                <PriceChart
                  candles={chart.data}
                  kind="line"
                  label={intl.formatMessage(dm.poolChartLabel, {
                    base: pool.token0.symbol,
                    quote: pool.token1.symbol,
                  })}
                  formatPrice={(n) =>
                    `${intl.formatNumber(n, { maximumSignificantDigits: 6 })} ${pool.token1.symbol}`
                  }
                />
              ) : (
                <div className={styles.chartPlaceholder} />
              )
            ) : chart.data ? (
              <p className={styles.chartPlaceholder}>{intl.formatMessage(dm.chartEmpty)}</p>
            ) : (
              <div className={styles.chartPlaceholder} />
            )}
          </Card>
          {pool && pool.version !== 'V2' ? (
            <Card>
              <h2 className={styles.heading}>{intl.formatMessage(dm.depth)}</h2>
              <LiquidityDepth
                ranges={pool.liquidityByTick}
                tick={pool.tick}
                label={intl.formatMessage(dm.depth)}
              />
            </Card>
          ) : null}
          <h2 className={styles.heading}>{intl.formatMessage(em.transactions)}</h2>
          {id ? <TransactionsTable networks={[chainName]} pool={id} /> : null}
        </div>
        <aside className={styles.side}>
          <Card>
            <h2 className={styles.heading}>{intl.formatMessage(dm.stats)}</h2>
            <dl className={styles.stats}>
              <Stat label={intl.formatMessage(em.colTvl)} testId="pool-tvl">
                {usd(pool?.tvlUsd)}
              </Stat>
              <Stat label={intl.formatMessage(em.colVolume1d)}>{usd(pool?.volume24hUsd)}</Stat>
              <Stat label={intl.formatMessage(em.colVolume30d)}>{usd(pool?.volume30dUsd)}</Stat>
              <Stat label={intl.formatMessage(dm.fees1d)}>{usd(pool?.fees24hUsd)}</Stat>
              <Stat label={intl.formatMessage(em.colApr)} testId="pool-apr">
                {pool ? (
                  <AprWithReward apr={num(pool.apr)} rewardApr={num(pool.rewardApr)} />
                ) : (
                  pct(undefined)
                )}
              </Stat>
            </dl>
          </Card>
          {pool ? (
            <Card>
              <h2 className={styles.heading}>{intl.formatMessage(dm.reserves)}</h2>
              <dl className={styles.reserves}>
                {(
                  [
                    [pool.token0, pool.reserve0, 'pool-reserve0'],
                    [pool.token1, pool.reserve1, 'pool-reserve1'],
                  ] as const
                ).map(([t, reserve, testId]) => (
                  <div key={testId}>
                    <dt>
                      <Link to={`/explore/tokens/${chainName}/${t.address}`}>{t.symbol}</Link>
                    </dt>
                    <dd data-testid={testId}>
                      {formatTokenAmount(BigInt(reserve), t.decimals, {
                        locale: intl.locale,
                        significantDigits: 8,
                      })}
                    </dd>
                  </div>
                ))}
              </dl>
            </Card>
          ) : null}
          {pool && id ? (
            <Card>
              <h2 className={styles.heading}>{intl.formatMessage(dm.info)}</h2>
              <dl className={styles.info}>
                <dt>{intl.formatMessage(pool.version === 'V4' ? dm.poolId : dm.address)}</dt>
                <dd>
                  <code className={styles.address}>{id}</code>{' '}
                  <CopyButton text={id} label={intl.formatMessage(dm.copy)} className={styles.linkButton} />
                </dd>
                {pool.hooks && !/^0x0{40}$/.test(pool.hooks) ? (
                  <>
                    <dt>{intl.formatMessage(em.hook)}</dt>
                    <dd>
                      <code className={styles.address} data-testid="pool-hook">
                        {pool.hooks}
                      </code>
                    </dd>
                  </>
                ) : null}
              </dl>
            </Card>
          ) : null}
        </aside>
      </div>
    </Page>
  )
}
