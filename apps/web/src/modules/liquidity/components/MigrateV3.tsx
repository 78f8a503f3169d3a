import { formatTokenAmount } from '@oxbow/core'
import { v3PoolAbi } from '@oxbow/protocol/abis'
import { tickAtSqrtPrice } from '@oxbow/routing'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { useIntl } from 'react-intl'
import { type Address, getAddress, isAddress, isAddressEqual, zeroAddress } from 'viem'
import { findNetwork } from '../../config/index.ts'
import { Card } from '../../ui/index.ts'
import { useWalletState } from '../../wallet/index.ts'
import { useLiquidityTransaction } from '../hooks/useLiquidityTransaction.ts'
import { usePosition } from '../hooks/usePosition.ts'
import { liquidityContracts, publicClientFor } from '../services/chain.ts'
import {
  isValidHook,
  type PoolChoice,
  presetTicks,
  type RangePreset,
  tickSpacingFor,
  typedTicks,
  V3_FEE_TIERS,
} from '../services/createPosition.ts'
import {
  inV4Order,
  invertSqrtPrice,
  migrateV3Requests,
  type MigrationRange as Range,
  snapRange,
  v3MigrationAmounts,
} from '../services/migrateV3.ts'
import { readV3MigrationOutcome, type V3MigrationOutcome } from '../services/migrateV3Outcome.ts'
import { readPoolState } from '../services/poolState.ts'
import { hasWrappedNative } from '../services/positionActions.ts'
import { DYNAMIC_FEE, isFullRange, priceAtTick } from '../services/positionMath.ts'
import { type OnchainPosition, PositionReadError, parseTokenId } from '../services/readPosition.ts'
import { ActionButton } from './ActionButton.tsx'
import { FeeTierRadios, useFeeTierText } from './FeeTier.tsx'
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
import { RangeFields } from './RangeFields.tsx'
import { TransactionStatus } from './TransactionStatus.tsx'

/** /migrate/v3/:chainName/:tokenId: the account's v3 position moved into a v4 pool in one transaction. */
export function MigrateV3({ network, tokenId: tokenIdText }: { network: string; tokenId: string }) {
  const intl = useIntl()
  const { address } = useWalletState()
  const tokenId = parseTokenId(tokenIdText)
  const position = usePosition(network, 'v3', tokenId)
  const c = liquidityContracts(network)
  if (!c.nonfungiblePositionManager || !c.v4PositionManager || !c.v4StateView || !c.universalRouter) {
    return <VersionUnavailable version="v4" network={network} />
  }
  if (!address) return <Card>{intl.formatMessage(m.connect)}</Card>
  if (
    tokenId === null ||
    (position.error instanceof PositionReadError && position.error.code === 'NOT_FOUND')
  ) {
    return <Card data-testid="position-not-found">{intl.formatMessage(m.notFound)}</Card>
  }
  if (!position.data) return <PositionNotLoaded failed={position.isError} rows={3} />
  if (!isAddressEqual(position.data.owner, address as Address)) {
    return (
      <Card role="alert" data-testid="migrate-not-owned">
        {intl.formatMessage(m.notOwned)}
      </Card>
    )
  }
  return <MigrateForm position={position.data} />
}

/** The range buttons: the v3 position's own range first. */
const RANGE_CHOICES = ['same', 'full', 'common', 'narrow'] as const

function MigrateForm({ position: v3 }: { position: OnchainPosition }) {
  const intl = useIntl()
  const id = useId()
  const feeText = useFeeTierText()
  const tx = useLiquidityTransaction()
  const network = findNetwork(v3.network)
  const c = liquidityContracts(v3.network)
  // A WETH position goes into a native-currency pool by default (the WETH unwrapped on the way).
  const canUseNative = hasWrappedNative(v3, c.weth9)
  const [useNative, setUseNative] = useState(canUseNative)
  const nativeToken = {
    address: zeroAddress,
    symbol: network?.nativeSymbol ?? 'ETH',
    decimals: 18,
    isNative: true,
  }
  const orderFor = (native: boolean) =>
    inV4Order(v3, c.weth9, native && canUseNative ? nativeToken : null) ?? {
      position: v3,
      flipped: false,
      unwrapWeth: false,
    }
  const order = orderFor(useNative)
  // `p`: the position in the v4 pool's order (tokens, amounts, range and price).
  const p = order.position
  const [fee, setFee] = useState(V3_FEE_TIERS.some((t) => t.fee === v3.feeTier) ? v3.feeTier : 3000)
  const tickSpacing = tickSpacingFor(fee)
  const [range, setRange] = useState<Range>(() => ({
    kind: 'ticks',
    ...snapRange(p, p.tickSpacing, tickSpacing),
  }))
  const [hookText, setHookText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<V3MigrationOutcome | null>(null)
  const hookTyped = hookText.trim()
  const hookFormatOk = hookTyped === '' || isAddress(hookTyped, { strict: false })
  const hook = useQuery({
    queryKey: ['liquidity', 'hook', p.network, hookTyped.toLowerCase(), fee],
    queryFn: () => isValidHook(p.network, hookTyped, fee),
    enabled: hookTyped !== '' && hookFormatOk,
  })
  const hooks: Address | null =
    hookTyped === '' ? zeroAddress : hookFormatOk && hook.data === true ? getAddress(hookTyped) : null
  // A dynamic fee is set by the pool's hook: it needs one.
  const dynamicWithoutHook = fee === DYNAMIC_FEE && hookTyped === ''
  const hookError =
    !hookFormatOk || hook.data === false || dynamicWithoutHook ? intl.formatMessage(m.invalidHook) : null
  const choice: PoolChoice | null =
    hooks && !dynamicWithoutHook
      ? {
          network: p.network,
          version: 'v4',
          token0: { ...p.token0, payNative: p.token0.isNative },
          token1: { ...p.token1, payNative: p.token1.isNative },
          fee,
          tickSpacing,
          hooks,
        }
      : null
  const pool = useQuery({
    queryKey: ['liquidity', 'migrate-v4-pool', p.network, p.token0.address, p.token1.address, fee, hooks],
    queryFn: () => readPoolState(choice as PoolChoice),
    enabled: choice !== null,
  })
  // The v3 pool's price now (the position's read may be seconds old): a missing v4 pool starts there.
  const v3Price = useQuery({
    queryKey: ['liquidity', 'v3-pool-price', p.network, p.poolId],
    queryFn: async () => {
      const client = publicClientFor(p.network)
      if (!client) return v3.sqrtPriceX96
      const [sqrtPriceX96] = await client.readContract({
        address: p.poolId,
        abi: v3PoolAbi,
        functionName: 'slot0',
      })
      return sqrtPriceX96
    },
  })
  // The v3 pool's price in the v4 pool's order.
  const v3Sqrt =
    v3Price.data === undefined ? p.sqrtPriceX96 : order.flipped ? invertSqrtPrice(v3Price.data) : v3Price.data
  const createAt = pool.data && !pool.data.exists ? v3Sqrt : null
  const sqrtPriceX96 = pool.data?.exists ? pool.data.sqrtPriceX96 : v3Sqrt
  const tick = tickAtSqrtPrice(sqrtPriceX96)
  const { decimals: d0 } = p.token0
  const { decimals: d1 } = p.token1
  const per = intl.formatMessage(m.pricePer, { quote: p.token1.symbol, base: p.token0.symbol })
  const formatPrice = (n: number) => intl.formatNumber(n, { maximumSignificantDigits: 6, useGrouping: false })
  const amount = (v: bigint, decimals: number) => formatTokenAmount(v, decimals, { locale: intl.locale })
  const pair = (a0: bigint, a1: bigint) =>
    `${amount(a0, d0)} ${p.token0.symbol} + ${amount(a1, d1)} ${p.token1.symbol}`

  const typed =
    range.kind === 'ticks'
      ? { tickLower: range.tickLower, tickUpper: range.tickUpper }
      : typedTicks(range.min, range.max, d0, d1, tickSpacing)
  const ticks = typeof typed === 'string' ? null : typed
  const rangeError = typeof typed === 'string' ? intl.formatMessage(m[typed]) : null
  const full = ticks !== null && isFullRange(ticks.tickLower, ticks.tickUpper, tickSpacing)
  const plan =
    ticks && choice && pool.data
      ? {
          pool: choice,
          createAt,
          sqrtPriceX96,
          ...ticks,
          flipped: order.flipped,
          unwrapWeth: order.unwrapWeth,
        }
      : null
  const expected = plan ? v3MigrationAmounts(p, plan) : null
  const shown = (which: 'min' | 'max') => {
    if (range.kind === 'typed') return which === 'min' ? range.min : range.max
    if (full) return which === 'min' ? '0' : '∞'
    return formatPrice(priceAtTick(which === 'min' ? range.tickLower : range.tickUpper, d0, d1))
  }

  const chooseFee = (next: number) => {
    setFee(next)
    setProblem(null)
    // Ticks follow the new spacing; typed prices are rounded to it when read.
    if (range.kind === 'ticks')
      setRange({ kind: 'ticks', ...snapRange(range, tickSpacing, tickSpacingFor(next)) })
  }

  const chooseNative = (native: boolean) => {
    setUseNative(native)
    setProblem(null)
    // The pair may turn over: start again from the v3 position's own range.
    setRange({ kind: 'ticks', ...snapRange(orderFor(native).position, v3.tickSpacing, tickSpacing) })
  }

  const applyPreset = (preset: RangePreset | 'same') => {
    setProblem(null)
    setRange({
      kind: 'ticks',
      ...(preset === 'same'
        ? snapRange(p, p.tickSpacing, tickSpacing)
        : presetTicks(preset, tick, tickSpacing)),
    })
  }

  const submit = async () => {
    const error = hookError ?? rangeError
    setProblem(error)
    if (error || !plan) return
    if (!expected) {
      setProblem(intl.formatMessage(m.invalidRange))
      return
    }
    const requests = await migrateV3Requests(p, plan, { chainId: network?.chainId ?? 0, nowMs: Date.now() })
    if (!requests) {
      setProblem(intl.formatMessage(m.invalidRange))
      return
    }
    await tx.run(p.owner, requests)
  }

  const { flipped } = order
  const { network: networkName, owner } = p
  const token0 = p.token0.address
  const token1 = p.token1.address
  useEffect(() => {
    if (tx.state.step !== 'confirmed') return
    let cancelled = false
    void readV3MigrationOutcome({ network: networkName, owner, token0, token1, flipped }, tx.state.hash).then(
      (result) => {
        if (result && !cancelled) setOutcome(result)
      },
    )
    return () => {
      cancelled = true
    }
  }, [tx.state, networkName, owner, token0, token1, flipped])

  return (
    <MigrateCard
      testId="migrate-v3"
      title={intl.formatMessage(m.migrateToV4)}
      ticks={ticks}
      newPool={pool.data ? !pool.data.exists : undefined}
    >
      <PairLine symbol0={v3.token0.symbol} symbol1={v3.token1.symbol}>
        <span>{feeText(v3.feeTier)}</span>
        <span>#{p.tokenId.toString()}</span>
      </PairLine>
      {p.liquidity === 0n ? (
        <p role="alert" className={styles.notice} data-testid="migrate-empty">
          {intl.formatMessage(m.noLiquidity)}
        </p>
      ) : null}
      <p data-testid="migrate-from">
        {intl.formatMessage(m.fromPosition)}: {pair(p.amount0 + p.fees0, p.amount1 + p.fees1)}
      </p>
      {canUseNative ? (
        <label>
          <input
            type="checkbox"
            checked={useNative}
            disabled={outcome !== null}
            onChange={(e) => chooseNative(e.target.checked)}
          />{' '}
          {intl.formatMessage(m.migrateNative, { symbol: nativeToken.symbol })}
        </label>
      ) : null}
      <fieldset className={styles.versions}>
        <legend>{intl.formatMessage(m.feeTier)}</legend>
        <FeeTierRadios name={`${id}-fee`} selected={fee} onChoose={chooseFee} />
        <label>
          <input
            type="radio"
            name={`${id}-fee`}
            checked={fee === DYNAMIC_FEE}
            onChange={() => chooseFee(DYNAMIC_FEE)}
          />{' '}
          {intl.formatMessage(m.dynamicFee)}
        </label>
      </fieldset>
      <div className={styles.form}>
        <label>
          <span>{intl.formatMessage(m.hookAddress)}</span>
          <input
            autoComplete="off"
            spellCheck={false}
            placeholder="0x…"
            value={hookText}
            onChange={(e) => {
              setHookText(e.target.value)
              setProblem(null)
            }}
          />
        </label>
      </div>
      {hookError ? <p role="alert">{hookError}</p> : null}
      <MigratePoolPrice
        newPoolNotice={pool.data && !pool.data.exists ? intl.formatMessage(m.newPoolAtV3Price) : null}
        price={formatPrice(priceAtTick(tick, d0, d1))}
        per={per}
      />
      <RangeFields
        range={{ full: false, min: shown('min'), max: shown('max') }}
        onRangeChange={({ min, max }) => setRange({ kind: 'typed', min, max })}
        presets={RANGE_CHOICES}
        onPreset={applyPreset}
        per={per}
      />
      {expected && !outcome ? (
        <dl
          className={styles.dl}
          data-testid="migrate-amounts"
          data-amount0={expected.deposit.amount0.toString()}
          data-amount1={expected.deposit.amount1.toString()}
          data-liquidity={expected.deposit.liquidity.toString()}
        >
          <dt>{intl.formatMessage(m.youDeposit)}</dt>
          <dd>{pair(expected.deposit.amount0, expected.deposit.amount1)}</dd>
          <dt>{intl.formatMessage(m.refunded)}</dt>
          <dd>{pair(expected.refund0, expected.refund1)}</dd>
        </dl>
      ) : null}
      <Problem testId="migrate-problem" problem={problem} />
      <ActionButton
        tx={tx}
        disabled={(choice !== null && !pool.data) || p.liquidity === 0n || outcome !== null}
        onClick={() => void submit()}
      >
        {intl.formatMessage(m.migrate)}
      </ActionButton>
      <TransactionStatus state={tx.state} />
      {outcome ? (
        <dl
          className={styles.dl}
          data-testid="migrate-result"
          data-moved0={outcome.moved0.toString()}
          data-moved1={outcome.moved1.toString()}
          data-refund0={outcome.refund0.toString()}
          data-refund1={outcome.refund1.toString()}
        >
          <dt>{intl.formatMessage(m.fromPosition)}</dt>
          <dd>{pair(outcome.moved0, outcome.moved1)}</dd>
          <dt>{intl.formatMessage(m.refunded)}</dt>
          <dd>{pair(outcome.refund0, outcome.refund1)}</dd>
        </dl>
      ) : null}
      {outcome?.href ? <CreatedPositionLink to={outcome.href} /> : null}
    </MigrateCard>
  )
}
