import { formatTokenAmount } from '@oxbow/core'
import { v2LiquidityValue } from '@oxbow/routing/v2Liquidity'
import { useId, useState } from 'react'
import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import type { Address } from 'viem'
import { findNetwork, networkName } from '../../config/index.ts'
import { useFiatFormatter } from '../../currency/index.ts'
import { Card, secondaryButtonClassName } from '../../ui/index.ts'
import { useWalletState } from '../../wallet/index.ts'
import { useLiquidityTransaction } from '../hooks/useLiquidityTransaction.ts'
import { useTokenPrices } from '../hooks/useTokenPrices.ts'
import { useV2Position } from '../hooks/useV2Position.ts'
import { liquidityContracts } from '../services/chain.ts'
import { usdValue } from '../services/positionValue.ts'
import { PositionReadError } from '../services/readPosition.ts'
import { type V2Position, v2RemoveRequests } from '../services/v2Position.ts'
import { ActionButton } from './ActionButton.tsx'
import { useFeeTierText } from './FeeTier.tsx'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'
import { PairLine, PositionNotLoaded, VersionUnavailable } from './PositionFigures.tsx'
import { ReceiveNativeToggle } from './ReceiveNativeToggle.tsx'
import { RemovePercent } from './RemovePercent.tsx'
import { TransactionStatus } from './TransactionStatus.tsx'
import { V2HoldComparison } from './V2HoldComparison.tsx'

/** /positions/v2/:chainName/:pairAddress: the account's LP tokens of a pair, what they are worth, remove and add. */
export function V2PositionView({ network, pair }: { network: string; pair: string }) {
  const intl = useIntl()
  const { address } = useWalletState()
  const owner = (address as Address | null) ?? null
  const position = useV2Position(network, pair, owner)
  if (!liquidityContracts(network).v2Router02) {
    return <VersionUnavailable version="v2" network={network} />
  }
  if (position.error instanceof PositionReadError && position.error.code === 'NOT_FOUND') {
    return (
      <Card data-testid="position-not-found">
        <h2>{intl.formatMessage(m.notFound)}</h2>
        <Link to="/positions" className={secondaryButtonClassName}>
          {intl.formatMessage(m.back)}
        </Link>
      </Card>
    )
  }
  if (!position.data) return <PositionNotLoaded failed={position.isError} />
  return <V2Details position={position.data} />
}

function V2Details({ position: p }: { position: V2Position }) {
  const intl = useIntl()
  const fiat = useFiatFormatter()
  const feeText = useFeeTierText()
  const prices = useTokenPrices([
    { network: p.network, address: p.token0.address },
    { network: p.network, address: p.token1.address },
  ])
  const value = usdValue(p, p.amount0, p.amount1, prices.data)
  const amount = (v: bigint, decimals: number) => formatTokenAmount(v, decimals, { locale: intl.locale })
  const share = p.totalSupply === 0n ? 0 : Number((p.balance * 1_000_000n) / p.totalSupply) / 1_000_000
  const addLink = `/positions/create/v2?chain=${p.network}&currencyA=${p.token0.address}&currencyB=${p.token1.address}`
  return (
    <div
      className={styles.actions}
      data-testid="v2-position"
      data-balance={p.balance.toString()}
      data-amount0={p.amount0.toString()}
      data-amount1={p.amount1.toString()}
      data-block={p.blockNumber.toString()}
    >
      <PairLine symbol0={p.token0.symbol} symbol1={p.token1.symbol}>
        <span>{networkName(p.network)}</span>
        <span>{feeText(3000)}</span>
      </PairLine>
      <div className={styles.grid}>
        <Card>
          <dl className={styles.dl}>
            <dt>{intl.formatMessage(m.value)}</dt>
            <dd>{value === null ? '–' : fiat.format(value)}</dd>
            <dt>{intl.formatMessage(m.pooled, { symbol: p.token0.symbol })}</dt>
            <dd>{amount(p.amount0, p.token0.decimals)}</dd>
            <dt>{intl.formatMessage(m.pooled, { symbol: p.token1.symbol })}</dt>
            <dd>{amount(p.amount1, p.token1.decimals)}</dd>
            <dt>{intl.formatMessage(m.poolShare)}</dt>
            <dd data-testid="v2-share">
              {intl.formatNumber(share, { style: 'percent', maximumFractionDigits: 4 })}
            </dd>
            <dt>{intl.formatMessage(m.lpTokens)}</dt>
            <dd>{amount(p.balance, 18)}</dd>
          </dl>
        </Card>
        {p.owner ? <V2HoldComparison position={{ ...p, owner: p.owner }} prices={prices.data} /> : null}
      </div>
      {p.owner ? (
        <Card>
          <div className={styles.actions}>
            <Link to={addLink} className={secondaryButtonClassName}>
              {intl.formatMessage(m.add)}
            </Link>
            {p.balance > 0n ? (
              <Link to={`/migrate/v2/${p.network}/${p.pair}`} className={secondaryButtonClassName}>
                {intl.formatMessage(m.migrateToV3)}
              </Link>
            ) : null}
            {p.balance > 0n ? <V2Remove position={p} /> : <p>{intl.formatMessage(m.noLpTokens)}</p>}
          </div>
        </Card>
      ) : (
        <p>{intl.formatMessage(m.connect)}</p>
      )}
    </div>
  )
}

function V2Remove({ position: p }: { position: V2Position }) {
  const intl = useIntl()
  const tx = useLiquidityTransaction()
  const sliderId = useId()
  const [percent, setPercent] = useState(50)
  const network = findNetwork(p.network)
  const nativeSymbol = network?.nativeSymbol ?? 'ETH'
  const { weth9 } = liquidityContracts(p.network)
  const hasWeth =
    weth9 !== undefined &&
    [p.token0.address, p.token1.address].some((a) => a.toLowerCase() === weth9.toLowerCase())
  const [receiveNative, setReceiveNative] = useState(true)
  const liquidity = percent === 100 ? p.balance : (p.balance * BigInt(percent)) / 100n
  const { amount0: out0, amount1: out1 } = v2LiquidityValue(p, liquidity)
  const unwrap = hasWeth && receiveNative
  const symbolOf = (token: V2Position['token0']) =>
    unwrap && weth9 && token.address.toLowerCase() === weth9.toLowerCase() ? nativeSymbol : token.symbol
  const amount = (v: bigint, decimals: number) => formatTokenAmount(v, decimals, { locale: intl.locale })
  return (
    <section aria-labelledby={`${sliderId}-heading`} className={styles.actions}>
      <h2 id={`${sliderId}-heading`}>{intl.formatMessage(m.remove)}</h2>
      {hasWeth ? (
        <ReceiveNativeToggle
          checked={receiveNative}
          onChange={setReceiveNative}
          nativeSymbol={nativeSymbol}
        />
      ) : null}
      <RemovePercent id={sliderId} percent={percent} onChange={setPercent} />
      <p
        data-testid="remove-amounts"
        data-liquidity={liquidity.toString()}
        data-amount0={out0.toString()}
        data-amount1={out1.toString()}
      >
        {intl.formatMessage(m.youReceive)}: {amount(out0, p.token0.decimals)} {symbolOf(p.token0)} +{' '}
        {amount(out1, p.token1.decimals)} {symbolOf(p.token1)}
      </p>
      <ActionButton
        tx={tx}
        disabled={!p.owner}
        onClick={async () => {
          if (!p.owner) return
          const requests = await v2RemoveRequests(p, {
            percent,
            chainId: network?.chainId ?? 0,
            receiveNative: unwrap,
            nowMs: Date.now(),
          })
          await tx.run(p.owner, requests)
        }}
      >
        {intl.formatMessage(m.remove)}
      </ActionButton>
      <TransactionStatus state={tx.state} />
    </section>
  )
}
