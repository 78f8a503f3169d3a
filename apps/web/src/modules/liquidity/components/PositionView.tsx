import { formatTokenAmount } from '@oxbow/core'
import { useId, useState } from 'react'
import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import { zeroAddress } from 'viem'
import { findNetwork, networkName } from '../../config/index.ts'
import { useFiatFormatter } from '../../currency/index.ts'
import { AprWithReward } from '../../rewards/index.ts'
import { Card, secondaryButtonClassName } from '../../ui/index.ts'
import { useWalletState } from '../../wallet/index.ts'
import { useLiquidityTransaction } from '../hooks/useLiquidityTransaction.ts'
import { usePoolApr } from '../hooks/usePoolApr.ts'
import { usePosition } from '../hooks/usePosition.ts'
import { useTokenPrices } from '../hooks/useTokenPrices.ts'
import { liquidityContracts } from '../services/chain.ts'
import {
  collectRequest,
  hasWrappedNative,
  removalAmounts,
  removeRequest,
} from '../services/positionActions.ts'
import { isFullRange, priceAtSqrtPrice, priceAtTick } from '../services/positionMath.ts'
import { usdValue } from '../services/positionValue.ts'
import { type OnchainPosition, PositionReadError, parseTokenId } from '../services/readPosition.ts'
import { ActionButton } from './ActionButton.tsx'
import { AddLiquidity } from './AddLiquidity.tsx'
import { useFeeTierText } from './FeeTier.tsx'
import { HoldComparison } from './HoldComparison.tsx'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'
import { PairLine, PositionNotLoaded, StatusBadge, VersionUnavailable } from './PositionFigures.tsx'
import { PositionPriceChart } from './PositionPriceChart.tsx'
import { RangeBar } from './RangeBar.tsx'
import { ReceiveNativeToggle } from './ReceiveNativeToggle.tsx'
import { RemovePercent } from './RemovePercent.tsx'
import { TransactionStatus } from './TransactionStatus.tsx'

/** /positions/v3|v4/:chainName/:tokenId: the position as the chain has it, with its actions. */
export function PositionView(props: { network: string; version: 'v3' | 'v4'; tokenId: string | undefined }) {
  const tokenId = parseTokenId(props.tokenId)
  const position = usePosition(props.network, props.version, tokenId)
  const contracts = liquidityContracts(props.network)
  const supported =
    props.version === 'v3' ? contracts.nonfungiblePositionManager : contracts.v4PositionManager
  if (!supported) {
    return <VersionUnavailable version={props.version} network={props.network} />
  }
  if (
    tokenId === null ||
    (position.error instanceof PositionReadError && position.error.code === 'NOT_FOUND')
  ) {
    return <NotFound />
  }
  // A failed re-read keeps the last figures on screen; only a first read that fails shows the error.
  if (!position.data) return <PositionNotLoaded failed={position.isError} />
  return <PositionDetails position={position.data} />
}

function NotFound() {
  const intl = useIntl()
  return (
    <Card data-testid="position-not-found">
      <h2>{intl.formatMessage(m.notFound)}</h2>
      <p>{intl.formatMessage(m.notFoundBody)}</p>
      <Link to="/positions" className={secondaryButtonClassName}>
        {intl.formatMessage(m.back)}
      </Link>
    </Card>
  )
}

function PositionDetails({ position: p }: { position: OnchainPosition }) {
  const intl = useIntl()
  const fiat = useFiatFormatter()
  const feeText = useFeeTierText()
  const { address } = useWalletState()
  const prices = useTokenPrices([
    { network: p.network, address: p.token0.address },
    { network: p.network, address: p.token1.address },
  ])
  const owned = address !== null && address.toLowerCase() === p.owner.toLowerCase()
  const value = usdValue(p, p.amount0, p.amount1, prices.data)
  const fees = usdValue(p, p.fees0, p.fees1, prices.data)
  const amount = (value: bigint, decimals: number) =>
    formatTokenAmount(value, decimals, { locale: intl.locale })
  const price = (n: number) => intl.formatNumber(n, { maximumSignificantDigits: 6 })
  const full = isFullRange(p.tickLower, p.tickUpper, p.tickSpacing)
  const per = intl.formatMessage(m.pricePer, { quote: p.token1.symbol, base: p.token0.symbol })
  const apr = usePoolApr(p.network, p.poolId).data
  return (
    <div
      className={styles.actions}
      data-testid="position"
      data-owner={p.owner}
      data-status={p.status}
      data-liquidity={p.liquidity.toString()}
      data-amount0={p.amount0.toString()}
      data-amount1={p.amount1.toString()}
      data-fees0={p.fees0.toString()}
      data-fees1={p.fees1.toString()}
      data-block={p.blockNumber.toString()}
    >
      <PairLine symbol0={p.token0.symbol} symbol1={p.token1.symbol}>
        <span>{networkName(p.network)}</span>
        <span>{feeText(p.feeTier)}</span>
        <StatusBadge status={p.status} />
      </PairLine>
      {p.status === 'OUT_OF_RANGE' ? (
        <p className={styles.notice}>{intl.formatMessage(m.outOfRangeNotice)}</p>
      ) : null}
      {address !== null && !owned ? (
        <p className={styles.notice} role="alert" data-testid="position-not-owned">
          {intl.formatMessage(m.notOwned)}
        </p>
      ) : null}
      <div className={styles.grid}>
        <Card>
          <dl className={styles.dl}>
            <dt>{intl.formatMessage(m.value)}</dt>
            <dd data-testid="position-value">{value === null ? '–' : fiat.format(value)}</dd>
            <dt>{intl.formatMessage(m.pooled, { symbol: p.token0.symbol })}</dt>
            <dd>{amount(p.amount0, p.token0.decimals)}</dd>
            <dt>{intl.formatMessage(m.pooled, { symbol: p.token1.symbol })}</dt>
            <dd>{amount(p.amount1, p.token1.decimals)}</dd>
          </dl>
        </Card>
        <Card>
          <dl className={styles.dl}>
            <dt>{intl.formatMessage(m.fees)}</dt>
            <dd data-testid="position-fees-value">{fees === null ? '–' : fiat.format(fees)}</dd>
            <dt>{intl.formatMessage(m.apr)}</dt>
            <dd data-testid="position-apr">
              <AprWithReward apr={apr?.apr ?? null} rewardApr={apr?.rewardApr ?? null} />
            </dd>
            <dt>{p.token0.symbol}</dt>
            <dd>{amount(p.fees0, p.token0.decimals)}</dd>
            <dt>{p.token1.symbol}</dt>
            <dd>{amount(p.fees1, p.token1.decimals)}</dd>
          </dl>
        </Card>
        <Card>
          <h2 className="visually-hidden">{intl.formatMessage(m.range)}</h2>
          <RangeBar tick={p.tick} tickLower={p.tickLower} tickUpper={p.tickUpper} />
          <PositionPriceChart p={p} />
          <dl className={styles.dl}>
            <dt>{intl.formatMessage(m.minPrice)}</dt>
            <dd>
              {full ? '0' : `${price(priceAtTick(p.tickLower, p.token0.decimals, p.token1.decimals))} ${per}`}
            </dd>
            <dt>{intl.formatMessage(m.maxPrice)}</dt>
            <dd>
              {full ? '∞' : `${price(priceAtTick(p.tickUpper, p.token0.decimals, p.token1.decimals))} ${per}`}
            </dd>
            <dt>{intl.formatMessage(m.currentPrice)}</dt>
            <dd>{`${price(priceAtSqrtPrice(p.sqrtPriceX96, p.token0.decimals, p.token1.decimals))} ${per}`}</dd>
            {full ? (
              <>
                <dt>{intl.formatMessage(m.range)}</dt>
                <dd>{intl.formatMessage(m.fullRange)}</dd>
              </>
            ) : null}
            {p.version === 'v4' ? (
              <>
                <dt>{intl.formatMessage(m.hook)}</dt>
                <dd>{p.hooks === zeroAddress ? intl.formatMessage(m.noHook) : p.hooks}</dd>
              </>
            ) : null}
          </dl>
        </Card>
      </div>
      <HoldComparison position={p} prices={prices.data} />
      {owned ? <PositionActions position={p} /> : null}
    </div>
  )
}

function PositionActions({ position: p }: { position: OnchainPosition }) {
  const intl = useIntl()
  const tx = useLiquidityTransaction()
  const [percent, setPercent] = useState(50)
  const contracts = liquidityContracts(p.network)
  const { weth9 } = contracts
  const canUnwrap = hasWrappedNative(p, weth9)
  const [receiveNative, setReceiveNative] = useState(true)
  const sliderId = useId()
  const chainId = findNetwork(p.network)?.chainId ?? 0
  const nativeSymbol = findNetwork(p.network)?.nativeSymbol ?? 'ETH'
  const removal = p.liquidity > 0n ? removalAmounts(p, percent) : null
  const amount = (value: bigint, decimals: number) =>
    formatTokenAmount(value, decimals, { locale: intl.locale })
  const unwrap = canUnwrap && receiveNative
  const symbolOf = (token: OnchainPosition['token0']) =>
    unwrap && weth9 && token.address.toLowerCase() === weth9.toLowerCase() ? nativeSymbol : token.symbol

  return (
    <Card>
      <div className={styles.actions}>
        {canUnwrap ? (
          <ReceiveNativeToggle
            checked={receiveNative}
            onChange={setReceiveNative}
            nativeSymbol={nativeSymbol}
          />
        ) : null}
        <ActionButton
          tx={tx}
          disabled={p.fees0 === 0n && p.fees1 === 0n}
          onClick={() => void tx.run(p.owner, [collectRequest(p, chainId, { receiveNative: unwrap, weth9 })])}
        >
          {intl.formatMessage(m.collect)}
        </ActionButton>
        <AddLiquidity position={p} tx={tx} />
        {removal ? (
          <section aria-labelledby={`${sliderId}-heading`} className={styles.actions}>
            <h2 id={`${sliderId}-heading`}>{intl.formatMessage(m.remove)}</h2>
            <RemovePercent id={sliderId} percent={percent} onChange={setPercent} />
            <p
              data-testid="remove-amounts"
              data-amount0={removal.amount0.toString()}
              data-amount1={removal.amount1.toString()}
              data-liquidity={removal.liquidity.toString()}
            >
              {intl.formatMessage(m.youReceive)}: {amount(removal.amount0, p.token0.decimals)}{' '}
              {symbolOf(p.token0)} + {amount(removal.amount1, p.token1.decimals)} {symbolOf(p.token1)}
            </p>
            <ActionButton
              tx={tx}
              onClick={() =>
                void tx.run(p.owner, [
                  removeRequest(p, chainId, { percent, receiveNative: unwrap, weth9, nowMs: Date.now() }),
                ])
              }
            >
              {intl.formatMessage(m.remove)}
            </ActionButton>
          </section>
        ) : null}
        {p.version === 'v3' &&
        p.liquidity > 0n &&
        contracts.v4PositionManager &&
        contracts.universalRouter ? (
          <Link to={`/migrate/v3/${p.network}/${p.tokenId}`} className={secondaryButtonClassName}>
            {intl.formatMessage(m.migrateToV4)}
          </Link>
        ) : null}
        <TransactionStatus state={tx.state} />
      </div>
    </Card>
  )
}
