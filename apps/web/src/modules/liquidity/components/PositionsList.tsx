import { useId, useMemo, useState } from 'react'
import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import type { Address } from 'viem'
import { getNetworks, networkName } from '../../config/index.ts'
import { useFiatFormatter } from '../../currency/index.ts'
import { usePreferences } from '../../preferences/index.ts'
import { AprWithReward } from '../../rewards/index.ts'
import { Card, UnknownValue } from '../../ui/index.ts'
import { useWalletState } from '../../wallet/index.ts'
import { usePosition } from '../hooks/usePosition.ts'
import { usePositions } from '../hooks/usePositions.ts'
import { useTokenPrices } from '../hooks/useTokenPrices.ts'
import { useV2Position } from '../hooks/useV2Position.ts'
import { importedV2Pairs } from '../services/importedPairs.ts'
import type { PositionStatus } from '../services/positionMath.ts'
import type { IndexedPosition } from '../services/positionsQuery.ts'
import { type PriceMap, usdValue } from '../services/positionValue.ts'
import { ConnectPrompt } from './ConnectPrompt.tsx'
import { useFeeTierText } from './FeeTier.tsx'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'
import { NetworkOptions } from './NetworkOptions.tsx'
import {
  LabelledFigure,
  PairFigure,
  PositionsLoading,
  pairSymbols,
  StatusBadge,
  ValueFigure,
} from './PositionFigures.tsx'
import { RangeBar } from './RangeBar.tsx'

const STATUSES: readonly PositionStatus[] = ['IN_RANGE', 'OUT_OF_RANGE', 'CLOSED']
type VersionFilter = 'all' | IndexedPosition['version']

/** /positions: the connected account's positions on every network, with filters. */
export function PositionsList() {
  const intl = useIntl()
  const { address } = useWalletState()
  const positions = usePositions(address)
  const [statuses, setStatuses] = useState<ReadonlySet<PositionStatus>>(new Set(['IN_RANGE', 'OUT_OF_RANGE']))
  const [version, setVersion] = useState<VersionFilter>('all')
  const [network, setNetwork] = useState('all')
  const versionId = useId()
  const networkId = useId()

  const { importedV2Pairs: imported } = usePreferences()
  const all = useMemo(() => withImported(positions.data ?? [], imported), [positions.data, imported])
  const shown = all.filter(
    (p) =>
      statuses.has(p.status) &&
      (version === 'all' || p.version === version) &&
      (network === 'all' || p.network === network),
  )
  const tokens = useMemo(
    () =>
      all.flatMap((p) =>
        p.pool
          ? [
              { network: p.network, address: p.pool.token0.address },
              { network: p.network, address: p.pool.token1.address },
            ]
          : [],
      ),
    [all],
  )
  const prices = useTokenPrices(tokens)

  if (!address) return <ConnectPrompt />
  if (positions.isPending) return <PositionsLoading />
  if (positions.isError) return <Card role="alert">{intl.formatMessage(m.unavailable)}</Card>

  const toggle = (status: PositionStatus) =>
    setStatuses((current) => {
      const next = new Set(current)
      if (next.has(status)) next.delete(status)
      else next.add(status)
      return next
    })

  return (
    <>
      <div className={styles.filters}>
        <fieldset>
          <legend className="visually-hidden">{intl.formatMessage(m.filterStatus)}</legend>
          {STATUSES.map((status) => (
            <label key={status}>
              <input type="checkbox" checked={statuses.has(status)} onChange={() => toggle(status)} />
              {intl.formatMessage(m[status])}
            </label>
          ))}
        </fieldset>
        <label htmlFor={versionId}>
          {intl.formatMessage(m.filterVersion)}
          <select
            id={versionId}
            value={version}
            onChange={(e) => setVersion(e.target.value as VersionFilter)}
          >
            <option value="all">{intl.formatMessage(m.allVersions)}</option>
            <option value="v2">v2</option>
            <option value="v3">v3</option>
            <option value="v4">v4</option>
          </select>
        </label>
        <label htmlFor={networkId}>
          {intl.formatMessage(m.filterNetwork)}
          <select id={networkId} value={network} onChange={(e) => setNetwork(e.target.value)}>
            <option value="all">{intl.formatMessage(m.allNetworks)}</option>
            <NetworkOptions networks={getNetworks()} />
          </select>
        </label>
      </div>
      {shown.length === 0 ? (
        <Card data-testid="positions-empty">
          <p>{intl.formatMessage(m.empty)}</p>
        </Card>
      ) : (
        <ul
          className={styles.list}
          aria-label={intl.formatMessage({ id: 'page.positions.title', defaultMessage: 'Your positions' })}
        >
          {shown.map((p) => (
            <li key={`${p.network}:${p.version}:${p.tokenId}`}>
              {p.version === 'v2' ? (
                <V2PositionRow position={p} owner={address as Address} prices={prices.data} />
              ) : (
                <PositionRow position={p} version={p.version} prices={prices.data} />
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function PositionRow({
  position,
  version,
  prices,
}: {
  position: IndexedPosition
  version: 'v3' | 'v4'
  prices: PriceMap | undefined
}) {
  const intl = useIntl()
  const fiat = useFiatFormatter()
  const feeText = useFeeTierText()
  const tokenId = BigInt(position.tokenId)
  // The numbers come from the chain (exact); the indexer says which positions exist.
  const chain = usePosition(position.network, version, tokenId)
  const p = chain.data
  const { symbol0, symbol1 } = pairSymbols(p, position)
  const status = p?.status ?? position.status
  const value = p ? usdValue(p, p.amount0, p.amount1, prices) : null
  const fees = p ? usdValue(p, p.fees0, p.fees1, prices) : null
  return (
    <Card>
      <Link
        to={`/positions/${position.version}/${position.network}/${position.tokenId}`}
        className={styles.row}
        data-testid="position-row"
        data-network={position.network}
        data-version={position.version}
        data-token-id={position.tokenId}
        data-status={status}
        data-amount0={p?.amount0.toString()}
        data-amount1={p?.amount1.toString()}
        data-fees0={p?.fees0.toString()}
        data-fees1={p?.fees1.toString()}
      >
        <PairFigure symbol0={symbol0} symbol1={symbol1}>
          <span>{position.version}</span>
          <span>{networkName(position.network)}</span>
          {position.pool || p ? <span>{feeText(p?.feeTier ?? position.pool?.feeTier ?? 0)}</span> : null}
          <StatusBadge status={status} />
        </PairFigure>
        <LabelledFigure label={intl.formatMessage(m.range)}>
          {p ? <RangeBar tick={p.tick} tickLower={p.tickLower} tickUpper={p.tickUpper} /> : <UnknownValue />}
        </LabelledFigure>
        <ValueFigure read={p} symbol0={symbol0} symbol1={symbol1} value={value} />
        <LabelledFigure label={intl.formatMessage(m.fees)}>
          <span>{fees === null ? <UnknownValue /> : fiat.format(fees)}</span>
        </LabelledFigure>
        <PoolApr pool={position.pool} />
      </Link>
    </Card>
  )
}

/**
 * A v2 position: the indexer names the pair, the chain gives the LP balance and what burning it
 * pays (readV2Position, exact). Fees are part of the pool share, so they are in the value.
 */
function V2PositionRow({
  position,
  owner,
  prices,
}: {
  position: IndexedPosition
  owner: Address
  prices: PriceMap | undefined
}) {
  const intl = useIntl()
  const feeText = useFeeTierText()
  const chain = useV2Position(position.network, position.tokenId, owner)
  const p = chain.data
  const { symbol0, symbol1 } = pairSymbols(p, position)
  const status = p ? (p.balance > 0n ? 'IN_RANGE' : 'CLOSED') : position.status
  const value = p ? usdValue(p, p.amount0, p.amount1, prices) : null
  return (
    <Card>
      <Link
        to={`/positions/v2/${position.network}/${position.tokenId}`}
        className={styles.row}
        data-testid="position-row"
        data-network={position.network}
        data-version="v2"
        data-token-id={position.tokenId}
        data-status={status}
        data-balance={p?.balance.toString()}
        data-amount0={p?.amount0.toString()}
        data-amount1={p?.amount1.toString()}
      >
        <PairFigure symbol0={symbol0} symbol1={symbol1}>
          <span>v2</span>
          <span>{networkName(position.network)}</span>
          <span>{feeText(position.pool?.feeTier ?? 3000)}</span>
          <StatusBadge status={status} />
        </PairFigure>
        <LabelledFigure label={intl.formatMessage(m.range)}>
          <span>{intl.formatMessage(m.fullRange)}</span>
        </LabelledFigure>
        <ValueFigure read={p} symbol0={symbol0} symbol1={symbol1} value={value} />
        <LabelledFigure label={intl.formatMessage(m.fees)}>
          <span>{intl.formatMessage(m.v2FeesInValue)}</span>
        </LabelledFigure>
        <PoolApr pool={position.pool} />
      </Link>
    </Card>
  )
}

/**
 * The indexer's positions plus the v2 pairs imported with the pool finder that it does not list (a
 * network it does not index, or not yet): their balance and status come from the chain in the row.
 */
function withImported(indexed: readonly IndexedPosition[], keys: readonly string[]): IndexedPosition[] {
  const known = new Set(indexed.map((p) => `${p.network}:${p.tokenId.toLowerCase()}`))
  const served = new Set(getNetworks().map((n) => n.slug))
  const extra = importedV2Pairs(keys).flatMap(({ network, pair }): IndexedPosition[] =>
    known.has(`${network}:${pair.toLowerCase()}`) || !served.has(network)
      ? []
      : [
          {
            network,
            version: 'v2',
            tokenId: pair,
            status: 'IN_RANGE',
            tickLower: null,
            tickUpper: null,
            liquidity: 0n,
            pool: null,
          },
        ],
  )
  return [...indexed, ...extra]
}

/** The position's pool APR, base and LP rewards (the indexer's figures). */
function PoolApr({ pool }: { pool: IndexedPosition['pool'] }) {
  const intl = useIntl()
  if (!pool) return null
  return (
    <div className={styles.figure} data-testid="position-apr">
      <span>{intl.formatMessage(m.apr)}</span>
      <span>
        <AprWithReward apr={pool.apr} rewardApr={pool.rewardApr} />
      </span>
    </div>
  )
}
