import { useId, useState } from 'react'
import { useIntl } from 'react-intl'
import { useNavigate } from 'react-router'
import { getAddress, isAddressEqual, zeroAddress } from 'viem'
import { getNetworks } from '../../config/index.ts'
import { Button, Card, secondaryButtonClassName } from '../../ui/index.ts'
import {
  isValidHook,
  type PoolChoice,
  type ProtocolVersion,
  resolveCurrency,
  sortPair,
  supportedVersions,
  tickSpacingFor,
  V2_FEE_TIER,
  V3_FEE_TIERS,
  V4_MAX_FEE,
} from '../services/createPosition.ts'
import { readPoolState } from '../services/poolState.ts'
import { DYNAMIC_FEE, FEE_TIER_DIVISOR } from '../services/positionMath.ts'
import { type Chosen, DepositStep } from './DepositStep.tsx'
import { FeeTierRadios, useFeeTierText } from './FeeTier.tsx'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'
import { NetworkOptions } from './NetworkOptions.tsx'
import { Problem, VersionUnavailable } from './PositionFigures.tsx'

/** What the create flow can start from (the legacy /add routes and query parameters pre-fill it). */
export interface CreatePrefill {
  readonly network?: string
  readonly currencyA?: string
  readonly currencyB?: string
  /** Hundredths of a basis point. */
  readonly fee?: number
}

/** /positions/create[/:protocolVersion]: pair and version, fee tier (and hook), then range and deposit. */
export function CreatePosition({ version, prefill }: { version: ProtocolVersion; prefill: CreatePrefill }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const feeText = useFeeTierText()
  const id = useId()
  // Every network with liquidity contracts; the version picker offers what the chosen one has (v2 and
  // v4 are missing on some: the spec's "v2 and v4 unsupported on some chains").
  const networks = getNetworks().filter(
    (n) => supportedVersions(n.slug).length > 0 || n.slug === prefill.network,
  )
  const [network, setNetwork] = useState(
    prefill.network && networks.some((n) => n.slug === prefill.network)
      ? prefill.network
      : (networks.find((n) => supportedVersions(n.slug).includes(version))?.slug ?? ''),
  )
  const versions = supportedVersions(network)
  const available = versions.includes(version)
  const [currencyA, setCurrencyA] = useState(prefill.currencyA ?? '')
  const [currencyB, setCurrencyB] = useState(prefill.currencyB ?? '')
  const initialFee = version === 'v2' ? V2_FEE_TIER : (prefill.fee ?? 3000)
  const [fee, setFee] = useState<string>(
    V3_FEE_TIERS.some((t) => t.fee === initialFee) ? String(initialFee) : 'custom',
  )
  const [customFee, setCustomFee] = useState(
    V3_FEE_TIERS.some((t) => t.fee === initialFee) ? '' : String(initialFee / FEE_TIER_DIVISOR),
  )
  const [hook, setHook] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)
  const [chosen, setChosen] = useState<Chosen | null>(null)

  const feeValue = (): number | null => {
    if (version === 'v2') return V2_FEE_TIER
    if (fee === 'dynamic') return version === 'v4' ? DYNAMIC_FEE : null
    if (fee !== 'custom') return Number(fee)
    if (version !== 'v4') return null
    const percent = Number(customFee)
    if (customFee.trim() === '' || !Number.isFinite(percent) || percent < 0) return null
    const value = Math.round(percent * FEE_TIER_DIVISOR)
    return value <= V4_MAX_FEE && Math.abs(value - percent * FEE_TIER_DIVISOR) < 1e-6 ? value : null
  }

  const next = async () => {
    setProblem(null)
    const feeTier = feeValue()
    if (feeTier === null) {
      setProblem(intl.formatMessage(m.invalidFee))
      return
    }
    setChecking(true)
    try {
      const [a, b] = await Promise.all([
        resolveCurrency(network, version, currencyA),
        resolveCurrency(network, version, currencyB),
      ])
      const pair = a && b ? sortPair(a, b) : null
      if (!a || !pair) {
        setProblem(intl.formatMessage(m.invalidPair))
        return
      }
      const hookAddress = version === 'v4' && hook.trim() !== '' ? hook.trim() : zeroAddress
      if (version === 'v4') {
        // The hook's permission bits (a dynamic fee is set by the hook: it needs one) and its code.
        if (!(await isValidHook(network, hookAddress, feeTier))) {
          setProblem(intl.formatMessage(m.invalidHook))
          return
        }
      }
      const pool: PoolChoice = {
        network,
        version,
        ...pair,
        fee: feeTier,
        tickSpacing: tickSpacingFor(feeTier),
        hooks: getAddress(hookAddress),
      }
      const state = await readPoolState(pool)
      setChosen({ pool, state, aIs0: isAddressEqual(pair.token0.address, a.address) })
    } catch {
      setProblem(intl.formatMessage(m.unavailable))
    } finally {
      setChecking(false)
    }
  }

  if (network === '') {
    return <Card role="alert">{intl.formatMessage(m.unsupported, { version })}</Card>
  }

  return (
    <div className={styles.actions} data-testid="create-position" data-step={chosen ? 'deposit' : 'pair'}>
      <Card>
        <section aria-labelledby={`${id}-pair`} className={styles.actions}>
          <h2 id={`${id}-pair`}>{intl.formatMessage(m.stepPair)}</h2>
          <fieldset className={styles.versions} disabled={chosen !== null}>
            <legend>{intl.formatMessage(m.filterVersion)}</legend>
            {versions.map((v) => (
              <label key={v}>
                <input
                  type="radio"
                  name={`${id}-version`}
                  checked={v === version}
                  onChange={() => navigate(`/positions/create/${v}?chain=${encodeURIComponent(network)}`)}
                />{' '}
                {v}
              </label>
            ))}
          </fieldset>
          <label className={styles.figure}>
            <span>{intl.formatMessage(m.filterNetwork)}</span>
            <select
              value={network}
              disabled={chosen !== null}
              onChange={(e) => {
                setNetwork(e.target.value)
                setProblem(null)
              }}
            >
              <NetworkOptions networks={networks} />
            </select>
          </label>
          {available ? null : <VersionUnavailable version={version} network={network} />}
          {available ? (
            <>
              <div className={styles.form}>
                <label>
                  <span>{intl.formatMessage(m.tokenA)}</span>
                  <input
                    value={currencyA}
                    disabled={chosen !== null}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder={intl.formatMessage(m.tokenPlaceholder)}
                    onChange={(e) => setCurrencyA(e.target.value)}
                  />
                </label>
                <label>
                  <span>{intl.formatMessage(m.tokenB)}</span>
                  <input
                    value={currencyB}
                    disabled={chosen !== null}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder={intl.formatMessage(m.tokenPlaceholder)}
                    onChange={(e) => setCurrencyB(e.target.value)}
                  />
                </label>
              </div>
              <fieldset className={styles.versions} disabled={chosen !== null || version === 'v2'}>
                <legend>{intl.formatMessage(m.feeTier)}</legend>
                {version === 'v2' ? (
                  <span data-testid="fee-v2">{feeText(V2_FEE_TIER)}</span>
                ) : (
                  <>
                    <FeeTierRadios
                      name={`${id}-fee`}
                      selected={Number(fee)}
                      onChoose={(chosen) => setFee(String(chosen))}
                    />
                    {version === 'v4' ? (
                      <>
                        <label>
                          <input
                            type="radio"
                            name={`${id}-fee`}
                            checked={fee === 'custom'}
                            onChange={() => setFee('custom')}
                          />{' '}
                          {intl.formatMessage(m.customFee)}
                        </label>
                        <label>
                          <input
                            type="radio"
                            name={`${id}-fee`}
                            checked={fee === 'dynamic'}
                            onChange={() => setFee('dynamic')}
                          />{' '}
                          {intl.formatMessage(m.dynamicFee)}
                        </label>
                      </>
                    ) : null}
                  </>
                )}
              </fieldset>
              {version === 'v4' && fee === 'custom' ? (
                <label className={styles.figure}>
                  <span>{intl.formatMessage(m.customFeePercent)}</span>
                  <input
                    inputMode="decimal"
                    value={customFee}
                    disabled={chosen !== null}
                    onChange={(e) => setCustomFee(e.target.value)}
                  />
                </label>
              ) : null}
              {version === 'v4' ? (
                <label className={styles.figure}>
                  <span>{intl.formatMessage(m.hookAddress)}</span>
                  <input
                    value={hook}
                    disabled={chosen !== null}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="0x…"
                    onChange={(e) => setHook(e.target.value)}
                  />
                </label>
              ) : null}
              {chosen ? (
                <Button
                  type="button"
                  className={secondaryButtonClassName}
                  onClick={() => {
                    setChosen(null)
                    setProblem(null)
                  }}
                >
                  {intl.formatMessage(m.edit)}
                </Button>
              ) : (
                <>
                  <Problem testId="create-problem" problem={problem} />
                  <Button type="button" disabled={checking} onClick={() => void next()}>
                    {intl.formatMessage(m.continue)}
                  </Button>
                </>
              )}
            </>
          ) : null}
        </section>
      </Card>
      {chosen ? <DepositStep key={JSON.stringify(chosen.pool, bigintSafe)} chosen={chosen} /> : null}
    </div>
  )
}

const bigintSafe = (_: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)
