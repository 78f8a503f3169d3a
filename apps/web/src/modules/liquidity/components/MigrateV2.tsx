import { formatTokenAmount } from '@oxbow/core'
import { tickAtSqrtPrice } from '@oxbow/routing'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { useIntl } from 'react-intl'
import { type Address, decodeEventLog, erc721Abi, isAddressEqual, zeroAddress } from 'viem'
import { findNetwork } from '../../config/index.ts'
import { Card } from '../../ui/index.ts'
import { useWalletState } from '../../wallet/index.ts'
import { useLiquidityTransaction } from '../hooks/useLiquidityTransaction.ts'
import { useV2Position } from '../hooks/useV2Position.ts'
import { liquidityContracts, publicClientFor } from '../services/chain.ts'
import { presetTicks, type RangePreset, tickSpacingFor, typedTicks } from '../services/createPosition.ts'
import { migratedAmounts, migrateV2Requests } from '../services/migrate.ts'
import { migrateV2ToV4Requests, v2InV4Order, v2ToV4Deposit } from '../services/migrateV2ToV4.ts'
import { readPoolState, sqrtRatio } from '../services/poolState.ts'
import { fullRangeTicks, priceAtTick } from '../services/positionMath.ts'
import { PositionReadError } from '../services/readPosition.ts'
import type { V2Position } from '../services/v2Position.ts'
import { ActionButton } from './ActionButton.tsx'
import { ConnectPrompt } from './ConnectPrompt.tsx'
import { FeeTierRadios } from './FeeTier.tsx'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'
import { MigrateCard, MigratePoolPrice } from './MigrateCard.tsx'
import {
  CreatedPositionLink,
  PairLine,
  PositionNotLoaded,
  Problem,
  VersionUnavailable,
} from './PositionFigures.tsx'
import { type PriceRange, RangeFields } from './RangeFields.tsx'
import { TransactionStatus } from './TransactionStatus.tsx'

/**
 * /migrate/v2/:chainName/:pairAddress: the account's v2 liquidity moved into a v3 range (V3Migrator,
 * one transaction) or a v4 one (removed to the wallet, then minted: see `migrateV2ToV4.ts`).
 */
export function MigrateV2({ network, pair }: { network: string; pair: string }) {
  const intl = useIntl()
  const { address } = useWalletState()
  const owner = (address as Address | null) ?? null
  const position = useV2Position(network, pair, owner)
  if (!liquidityContracts(network).v3Migrator) {
    return <VersionUnavailable version="v2" network={network} />
  }
  if (!owner) return <ConnectPrompt />
  if (position.error instanceof PositionReadError && position.error.code === 'NOT_FOUND') {
    return <Card data-testid="position-not-found">{intl.formatMessage(m.notFound)}</Card>
  }
  if (!position.data) return <PositionNotLoaded failed={position.isError} rows={3} />
  if (position.data.balance === 0n) {
    return (
      <Card role="alert" data-testid="migrate-not-owned">
        {intl.formatMessage(m.noLpTokens)}
      </Card>
    )
  }
  return <MigrateForm position={position.data} />
}

function MigrateForm({ position: p }: { position: V2Position }) {
  const intl = useIntl()
  const id = useId()
  const tx = useLiquidityTransaction()
  const [fee, setFee] = useState(3000)
  const [range, setRange] = useState<PriceRange>({ full: true })
  const [problem, setProblem] = useState<string | null>(null)
  const [created, setCreated] = useState<string | null>(null)
  const network = findNetwork(p.network)
  const nativeSymbol = network?.nativeSymbol ?? 'ETH'
  const c = liquidityContracts(p.network)
  const { weth9 } = c
  const hasWeth = weth9 !== undefined && [p.token0, p.token1].some((t) => isAddressEqual(t.address, weth9))
  const [refundAsETH, setRefundAsETH] = useState(true)
  const v4Available = Boolean(c.v4PositionManager && c.v4PoolManager && c.v4StateView)
  const [target, setTarget] = useState<'v3' | 'v4'>('v3')
  // Into v4 a WETH pair goes to the native-currency pool by default.
  const [useNative, setUseNative] = useState(hasWeth)
  const native =
    target === 'v4' && hasWeth && useNative
      ? { address: zeroAddress, symbol: nativeSymbol, decimals: 18, isNative: true }
      : null
  // `q`: the pair in the target pool's order (v4 with native ETH may turn it over).
  const q =
    v2InV4Order(p, weth9, native) ??
    (v2InV4Order(p, weth9, null) as NonNullable<ReturnType<typeof v2InV4Order>>)
  const tickSpacing = tickSpacingFor(fee)
  const choice = {
    network: p.network,
    version: target,
    token0: q.token0,
    token1: q.token1,
    fee,
    tickSpacing,
    hooks: zeroAddress,
  } as const
  const pool = useQuery({
    queryKey: ['liquidity', 'migrate-pool', target, p.network, q.token0.address, q.token1.address, fee],
    queryFn: () => readPoolState(choice),
  })
  // A missing pool is created at the v2 pair's price.
  const sqrtPriceX96 = pool.data?.exists ? pool.data.sqrtPriceX96 : sqrtRatio(q.reserve0, q.reserve1)
  const tick = tickAtSqrtPrice(sqrtPriceX96)
  const { decimals: d0 } = q.token0
  const { decimals: d1 } = q.token1
  const per = intl.formatMessage(m.pricePer, { quote: q.token1.symbol, base: q.token0.symbol })
  const formatPrice = (n: number) => intl.formatNumber(n, { maximumSignificantDigits: 6, useGrouping: false })

  const typed = range.full
    ? fullRangeTicks(tickSpacing)
    : typedTicks(range.min, range.max, d0, d1, tickSpacing)
  const ticks = typeof typed === 'string' ? null : typed
  const rangeError = typeof typed === 'string' ? intl.formatMessage(m[typed]) : null
  const expected = ticks
    ? target === 'v4'
      ? v2ToV4Deposit(q, { sqrtPriceX96, ...ticks })
      : migratedAmounts({ sqrtPriceX96, ...ticks }, p.amount0, p.amount1)
    : null
  const amount = (v: bigint, decimals: number) => formatTokenAmount(v, decimals, { locale: intl.locale })

  const applyPreset = (preset: RangePreset) => {
    setProblem(null)
    if (preset === 'full') return setRange({ full: true })
    const t = presetTicks(preset, tick, tickSpacing)
    setRange({
      full: false,
      min: formatPrice(priceAtTick(t.tickLower, d0, d1)),
      max: formatPrice(priceAtTick(t.tickUpper, d0, d1)),
    })
  }

  const chooseTarget = (next: 'v3' | 'v4', nextNative = useNative) => {
    setTarget(next)
    setUseNative(nextNative)
    setProblem(null)
    // The pair's order (and so the prices) may change: start from the full range again.
    setRange({ full: true })
  }

  const submit = async () => {
    setProblem(rangeError)
    if (rangeError || !ticks || !pool.data) return
    if (target === 'v4') {
      const result = expected
        ? await migrateV2ToV4Requests(p, q, {
            pool: choice,
            createAt: pool.data.exists ? null : sqrtPriceX96,
            ...ticks,
            deposit: expected,
            chainId: network?.chainId ?? 0,
            nowMs: Date.now(),
          })
        : null
      if (!result) return setProblem(intl.formatMessage(m.invalidRange))
      if ('problem' in result)
        return setProblem(intl.formatMessage(m.insufficient, { symbol: result.problem.symbol }))
      await tx.run(p.owner as Address, result.requests)
      return
    }
    const requests = await migrateV2Requests(p, {
      fee,
      ...ticks,
      sqrtPriceX96,
      createPool: !pool.data.exists,
      refundAsETH: hasWeth && refundAsETH,
      chainId: network?.chainId ?? 0,
      nowMs: Date.now(),
    })
    if (!requests) {
      setProblem(intl.formatMessage(m.invalidRange))
      return
    }
    await tx.run(p.owner as Address, requests)
  }

  useEffect(() => {
    if (tx.state.step !== 'confirmed') return
    const hash = tx.state.hash
    let cancelled = false
    void (async () => {
      const receipt = await publicClientFor(p.network)
        ?.getTransactionReceipt({ hash })
        .catch(() => null)
      const { nonfungiblePositionManager, v4PositionManager } = liquidityContracts(p.network)
      const manager = target === 'v4' ? v4PositionManager : nonfungiblePositionManager
      for (const log of receipt?.logs ?? []) {
        if (!manager || !isAddressEqual(log.address, manager)) continue
        try {
          const event = decodeEventLog({ abi: erc721Abi, data: log.data, topics: log.topics })
          if (event.eventName === 'Transfer' && isAddressEqual(event.args.from, zeroAddress) && !cancelled)
            setCreated(`/positions/${target}/${p.network}/${event.args.tokenId}`)
        } catch {}
      }
    })()
    return () => {
      cancelled = true
    }
  }, [tx.state, p.network, target])

  return (
    <MigrateCard
      testId="migrate-v2"
      title={intl.formatMessage(target === 'v4' ? m.migrateToV4 : m.migrateToV3)}
      ticks={ticks}
      newPool={pool.data ? !pool.data.exists : undefined}
      target={target}
    >
      <PairLine symbol0={p.token0.symbol} symbol1={p.token1.symbol}>
        <span>
          {amount(p.amount0, d0)} {p.token0.symbol} + {amount(p.amount1, d1)} {p.token1.symbol}
        </span>
      </PairLine>
      {v4Available ? (
        <fieldset className={styles.versions}>
          <legend>{intl.formatMessage(m.filterVersion)}</legend>
          {(['v3', 'v4'] as const).map((v) => (
            <label key={v}>
              <input
                type="radio"
                name={`${id}-target`}
                checked={target === v}
                onChange={() => chooseTarget(v)}
              />{' '}
              {v}
            </label>
          ))}
        </fieldset>
      ) : null}
      {target === 'v4' ? (
        <p className={styles.notice} data-testid="migrate-v4-steps">
          {intl.formatMessage(m.migrateV2ToV4Steps)}
        </p>
      ) : null}
      {target === 'v4' && hasWeth ? (
        <label>
          <input type="checkbox" checked={useNative} onChange={(e) => chooseTarget('v4', e.target.checked)} />{' '}
          {intl.formatMessage(m.migrateNative, { symbol: nativeSymbol })}
        </label>
      ) : null}
      <fieldset className={styles.versions}>
        <legend>{intl.formatMessage(m.feeTier)}</legend>
        <FeeTierRadios name={`${id}-fee`} selected={fee} onChoose={setFee} />
      </fieldset>
      <MigratePoolPrice
        newPoolNotice={pool.data && !pool.data.exists ? intl.formatMessage(m.newPoolAtV2Price) : null}
        price={formatPrice(priceAtTick(tick, d0, d1))}
        per={per}
      />
      <RangeFields range={range} onRangeChange={setRange} onPreset={applyPreset} per={per} />
      {hasWeth && target === 'v3' ? (
        <label>
          <input type="checkbox" checked={refundAsETH} onChange={(e) => setRefundAsETH(e.target.checked)} />{' '}
          {intl.formatMessage(m.refundNative, { symbol: nativeSymbol })}
        </label>
      ) : null}
      {expected ? (
        <p
          data-testid="migrate-amounts"
          data-amount0={expected.amount0.toString()}
          data-amount1={expected.amount1.toString()}
          data-liquidity={expected.liquidity.toString()}
        >
          {intl.formatMessage(m.youDeposit)}: {amount(expected.amount0, d0)} {q.token0.symbol} +{' '}
          {amount(expected.amount1, d1)} {q.token1.symbol}
        </p>
      ) : null}
      <Problem testId="migrate-problem" problem={problem} />
      <ActionButton tx={tx} disabled={!pool.data} onClick={() => void submit()}>
        {intl.formatMessage(m.migrate)}
      </ActionButton>
      <TransactionStatus state={tx.state} />
      {created ? <CreatedPositionLink to={created} /> : null}
    </MigrateCard>
  )
}
