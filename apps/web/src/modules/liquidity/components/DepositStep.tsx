import { parseAmountInput, sanitizeAmountInput, toDecimalString } from '@oxbow/core'
import { poolIdOf } from '@oxbow/protocol/encoding'
import { tickAtSqrtPrice } from '@oxbow/routing'
import { useEffect, useId, useState } from 'react'
import { useIntl } from 'react-intl'
import { type Address, decodeEventLog, erc721Abi, isAddressEqual, zeroAddress } from 'viem'
import { networkName } from '../../config/index.ts'
import { Card } from '../../ui/index.ts'
import { useWalletState } from '../../wallet/index.ts'
import { useLiquidityTransaction } from '../hooks/useLiquidityTransaction.ts'
import { useTokenPrices } from '../hooks/useTokenPrices.ts'
import { type AddAmounts, linkedAmounts } from '../services/addLiquidity.ts'
import { liquidityContracts, publicClientFor } from '../services/chain.ts'
import {
  createRequests,
  type PoolChoice,
  poolKeyOf,
  presetTicks,
  type RangePreset,
  rawPrice,
  sqrtPriceOfRaw,
  usableTick,
  v2Linked,
} from '../services/createPosition.ts'
import { type PoolState, readPoolState } from '../services/poolState.ts'
import { fullRangeTicks, priceAtTick } from '../services/positionMath.ts'
import { ActionButton } from './ActionButton.tsx'
import { useFeeTierText } from './FeeTier.tsx'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'
import { CreatedPositionLink, PairLine, Problem } from './PositionFigures.tsx'
import { RangeChart } from './RangeChart.tsx'
import { type PriceRange, RangeFields } from './RangeFields.tsx'
import { TransactionStatus } from './TransactionStatus.tsx'

/** The pool the create flow chose: its key, its state read from the chain, and which side token A is. */
export interface Chosen {
  readonly pool: PoolChoice
  readonly state: PoolState
  /** True when the first token the user chose (A, the base of every price) is the pool's token0. */
  readonly aIs0: boolean
}

/** The create flow's last step: range and deposit amounts linked by it, review and submit. */
export function DepositStep({ chosen }: { chosen: Chosen }) {
  const intl = useIntl()
  const id = useId()
  const feeText = useFeeTierText()
  const { address } = useWalletState()
  const tx = useLiquidityTransaction()
  const { pool, state, aIs0 } = chosen
  const tokenA = aIs0 ? pool.token0 : pool.token1
  const tokenB = aIs0 ? pool.token1 : pool.token0
  const [initialPrice, setInitialPrice] = useState('')
  const [range, setRange] = useState<PriceRange>(
    pool.version === 'v2' ? { full: true } : { full: false, min: '', max: '' },
  )
  const [typed, setTyped] = useState<{ side: 0 | 1; text: string }>({ side: aIs0 ? 0 : 1, text: '' })
  const [problem, setProblem] = useState<string | null>(null)
  const [review, setReview] = useState(false)
  const [created, setCreated] = useState<string | null>(null)
  const prices = useTokenPrices([
    { network: pool.network, address: pool.token0.address },
    { network: pool.network, address: pool.token1.address },
  ])
  const per = intl.formatMessage(m.pricePer, { quote: tokenB.symbol, base: tokenA.symbol })
  const formatPrice = (n: number) => intl.formatNumber(n, { maximumSignificantDigits: 6, useGrouping: false })
  const { decimals: d0 } = pool.token0
  const { decimals: d1 } = pool.token1

  // The pool's price, or the one a new pool is created at.
  const initialRaw = state.exists ? null : rawPrice(initialPrice, aIs0, d0, d1)
  const sqrtPriceX96 = state.exists
    ? state.sqrtPriceX96
    : initialRaw === null
      ? null
      : sqrtPriceOfRaw(initialRaw)
  const tick = sqrtPriceX96 === null ? null : tickAtSqrtPrice(sqrtPriceX96)
  /** A tick's price as the user reads it: B per A. */
  const priceOfTick = (t: number) => (aIs0 ? priceAtTick(t, d0, d1) : 1 / priceAtTick(t, d0, d1))

  // Ticks from the typed range (min and max are B per A; when A is token1 they swap ends).
  let ticks: { tickLower: number; tickUpper: number } | null = null
  let rangeProblem: 'price' | 'order' | null = null
  if (range.full) {
    ticks = fullRangeTicks(pool.tickSpacing)
  } else {
    const rawMin = rawPrice(range.min, aIs0, d0, d1)
    const rawMax = rawPrice(range.max, aIs0, d0, d1)
    if (rawMin === null || rawMax === null) rangeProblem = 'price'
    else {
      const a = usableTick(rawMin, pool.tickSpacing)
      const b = usableTick(rawMax, pool.tickSpacing)
      if (Number(range.min.replace(/,/g, '')) >= Number(range.max.replace(/,/g, '')) || a === b)
        rangeProblem = 'order'
      else ticks = { tickLower: Math.min(a, b), tickUpper: Math.max(a, b) }
    }
  }

  let amounts: AddAmounts | null = null
  try {
    const token = typed.side === 0 ? pool.token0 : pool.token1
    const amount = typed.text === '' ? 0n : parseAmountInput(typed.text, token.decimals)
    if (amount > 0n && sqrtPriceX96 !== null && ticks) {
      if (pool.version === 'v2') {
        amounts =
          state.exists && state.reserve0 !== undefined && state.reserve1 !== undefined
            ? v2Linked(state.reserve0, state.reserve1, typed.side, amount)
            : v2AtPrice(sqrtPriceX96, typed.side, amount)
      } else {
        const linked = linkedAmounts({ sqrtPriceX96, ...ticks }, typed.side, amount)
        // The typed side is deposited as typed (the liquidity it buys may cost a few wei less).
        amounts =
          linked && (typed.side === 0 ? { ...linked, amount0: amount } : { ...linked, amount1: amount })
      }
    }
  } catch {
    amounts = null
  }

  // The market price from the indexer's USD prices, to warn about a new pool's initial price.
  const usd0 = prices.data?.get(`${pool.network}:${pool.token0.address.toLowerCase()}`)
  const usd1 = prices.data?.get(`${pool.network}:${pool.token1.address.toLowerCase()}`)
  const market = usd0 && usd1 ? (aIs0 ? usd0 / usd1 : usd1 / usd0) : null
  const typedInitial = Number(initialPrice.replace(/,/g, ''))
  const deviation =
    !state.exists && market !== null && initialRaw !== null ? Math.abs(typedInitial / market - 1) : null

  const applyPreset = (preset: RangePreset) => {
    if (preset === 'full' || tick === null) {
      setRange({ full: true })
      return
    }
    const t = presetTicks(preset, tick, pool.tickSpacing)
    const low = priceOfTick(aIs0 ? t.tickLower : t.tickUpper)
    const high = priceOfTick(aIs0 ? t.tickUpper : t.tickLower)
    setRange({ full: false, min: formatPrice(low), max: formatPrice(high) })
  }

  const validate = (): string | null => {
    if (!state.exists && sqrtPriceX96 === null) return intl.formatMessage(m.invalidPrice)
    if (rangeProblem === 'price') return intl.formatMessage(m.invalidPrice)
    if (rangeProblem === 'order') return intl.formatMessage(m.invalidRange)
    if (!amounts) return intl.formatMessage(m.enterAmount)
    return null
  }

  const submit = async () => {
    if (!address || !amounts || !ticks) return
    setProblem(null)
    const built = await createRequests(
      {
        pool,
        createAt: state.exists ? null : sqrtPriceX96,
        tickLower: ticks.tickLower,
        tickUpper: ticks.tickUpper,
        amounts,
        owner: address as Address,
      },
      Date.now(),
    )
    if ('problem' in built) {
      setProblem(intl.formatMessage(m.insufficient, { symbol: built.problem.symbol }))
      return
    }
    if (await tx.run(address as `0x${string}`, built.requests)) {
      setReview(false)
      setTyped((t) => ({ ...t, text: '' }))
    }
  }

  // After the mint: the new position's page (the NFT minted to the owner; v2: the pair).
  useEffect(() => {
    if (tx.state.step !== 'confirmed') return
    const hash = tx.state.hash
    let cancelled = false
    void (async () => {
      if (pool.version === 'v2') {
        const fresh = await readPoolState(pool).catch(() => null)
        if (!cancelled && fresh?.exists && fresh.address)
          setCreated(`/positions/v2/${pool.network}/${fresh.address}`)
        return
      }
      const receipt = await publicClientFor(pool.network)
        ?.getTransactionReceipt({ hash })
        .catch(() => null)
      const c = liquidityContracts(pool.network)
      const manager = pool.version === 'v3' ? c.nonfungiblePositionManager : c.v4PositionManager
      for (const log of receipt?.logs ?? []) {
        if (!manager || !isAddressEqual(log.address, manager)) continue
        try {
          const event = decodeEventLog({ abi: erc721Abi, data: log.data, topics: log.topics })
          if (event.eventName === 'Transfer' && isAddressEqual(event.args.from, zeroAddress)) {
            if (!cancelled) setCreated(`/positions/${pool.version}/${pool.network}/${event.args.tokenId}`)
          }
        } catch {}
      }
    })()
    return () => {
      cancelled = true
    }
  }, [tx.state, pool])

  const shown = (side: 0 | 1) => {
    if (side === typed.side) return typed.text
    if (!amounts) return ''
    return toDecimalString(side === 0 ? amounts.amount0 : amounts.amount1, side === 0 ? d0 : d1)
  }
  const fields = aIs0 ? ([0, 1] as const) : ([1, 0] as const)
  const error = validate()

  return (
    <Card>
      <section
        aria-labelledby={`${id}-deposit`}
        className={styles.actions}
        data-testid="create-deposit"
        data-new-pool={state.exists ? 'false' : 'true'}
        data-tick-lower={ticks?.tickLower}
        data-tick-upper={ticks?.tickUpper}
        data-amount0={amounts?.amount0.toString()}
        data-amount1={amounts?.amount1.toString()}
      >
        <h2 id={`${id}-deposit`}>{intl.formatMessage(m.stepDeposit)}</h2>
        <PairLine symbol0={tokenA.symbol} symbol1={tokenB.symbol}>
          <span>{networkName(pool.network)}</span>
          <span>{pool.version}</span>
          <span>{feeText(pool.fee)}</span>
          {pool.hooks !== zeroAddress ? <span>{pool.hooks}</span> : null}
        </PairLine>
        {state.exists ? (
          <p data-testid="current-price">
            {intl.formatMessage(m.currentPrice)}:{' '}
            {tick === null ? '' : `${formatPrice(priceOfTick(tick))} ${per}`}
          </p>
        ) : (
          <>
            <p className={styles.notice}>{intl.formatMessage(m.newPool)}</p>
            <label className={styles.figure}>
              <span>{intl.formatMessage(m.initialPrice, { per })}</span>
              <input
                inputMode="decimal"
                autoComplete="off"
                value={initialPrice}
                onChange={(e) => setInitialPrice(e.target.value)}
              />
            </label>
            {market !== null ? (
              <p className={styles.meta}>
                {intl.formatMessage(m.marketPrice)}: {formatPrice(market)} {per}
              </p>
            ) : null}
            {deviation !== null && deviation > 0.05 ? (
              <p className={styles.notice} role="status" data-testid="price-warning">
                {intl.formatMessage(m.priceDiffers, {
                  percent: intl.formatNumber(deviation, { style: 'percent', maximumFractionDigits: 1 }),
                })}
              </p>
            ) : null}
          </>
        )}
        {pool.version === 'v2' ? (
          <p>{intl.formatMessage(m.fullRange)}</p>
        ) : (
          <>
            <RangeFields
              range={range}
              onRangeChange={setRange}
              onPreset={applyPreset}
              per={per}
              presetsDisabled={tick === null}
            />
            {tick !== null ? (
              <RangeChart
                network={pool.network}
                poolId={
                  !state.exists
                    ? null
                    : pool.version === 'v4'
                      ? poolIdOf(poolKeyOf(pool))
                      : (state.address ?? null)
                }
                tick={tick}
                tickSpacing={pool.tickSpacing}
                reversed={!aIs0}
                ticks={ticks}
                priceText={(t) => formatPrice(priceOfTick(t))}
                per={per}
                onChange={(minTick, maxTick) =>
                  setRange({
                    full: false,
                    min: formatPrice(priceOfTick(minTick)),
                    max: formatPrice(priceOfTick(maxTick)),
                  })
                }
              />
            ) : null}
          </>
        )}
        {fields.map((side) => {
          const token = side === 0 ? pool.token0 : pool.token1
          return (
            <label key={side} className={styles.figure}>
              <span>{intl.formatMessage(m.amountOf, { symbol: token.symbol })}</span>
              <input
                inputMode="decimal"
                autoComplete="off"
                value={shown(side)}
                data-testid={`create-amount${side}`}
                onChange={(e) => {
                  const text = sanitizeAmountInput(e.target.value, token.decimals)
                  if (text !== null) setTyped({ side, text })
                  setProblem(null)
                  setReview(false)
                }}
              />
            </label>
          )
        })}
        <Problem testId="create-problem" problem={problem} />
        {!address ? (
          <p>{intl.formatMessage(m.connect)}</p>
        ) : review && amounts && ticks ? (
          <div className={styles.review} data-testid="create-review">
            <h3>{intl.formatMessage(m.review)}</h3>
            <dl className={styles.dl}>
              <dt>{intl.formatMessage(m.minPrice)}</dt>
              <dd>{range.full ? '0' : `${range.min} ${per}`}</dd>
              <dt>{intl.formatMessage(m.maxPrice)}</dt>
              <dd>{range.full ? '∞' : `${range.max} ${per}`}</dd>
              {fields.map((side) => {
                const token = side === 0 ? pool.token0 : pool.token1
                return (
                  <div key={side} className={styles.dlRow}>
                    <dt>{token.symbol}</dt>
                    <dd>{toDecimalString(side === 0 ? amounts.amount0 : amounts.amount1, token.decimals)}</dd>
                  </div>
                )
              })}
            </dl>
            <ActionButton tx={tx} onClick={() => void submit()}>
              {intl.formatMessage(m.createPosition)}
            </ActionButton>
          </div>
        ) : (
          <ActionButton
            tx={tx}
            onClick={() => {
              const message = validate()
              setProblem(message)
              if (!message) {
                setReview(true)
                tx.reset()
              }
            }}
          >
            {error === intl.formatMessage(m.enterAmount) ? error : intl.formatMessage(m.review)}
          </ActionButton>
        )}
        <TransactionStatus state={tx.state} />
        {created ? <CreatedPositionLink to={created} /> : null}
      </section>
    </Card>
  )
}

/** A new v2 pair's other side at the initial price (token1 per token0 = (sqrtPrice / 2^96)^2). */
function v2AtPrice(sqrtPriceX96: bigint, side: 0 | 1, amount: bigint): AddAmounts | null {
  const q192 = 1n << 192n
  const square = sqrtPriceX96 * sqrtPriceX96
  const amount0 = side === 0 ? amount : (amount * q192) / square
  const amount1 = side === 1 ? amount : (amount * square) / q192
  return amount0 > 0n && amount1 > 0n ? { liquidity: 0n, amount0, amount1 } : null
}
