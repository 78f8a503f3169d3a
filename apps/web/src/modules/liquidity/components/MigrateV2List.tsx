import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import { type Address, getAddress, isAddress } from 'viem'
import { getNetworks, networkName } from '../../config/index.ts'
import { buttonClassName, Card, secondaryButtonClassName } from '../../ui/index.ts'
import { useWalletState } from '../../wallet/index.ts'
import { usePositions } from '../hooks/usePositions.ts'
import { useTokenPrices } from '../hooks/useTokenPrices.ts'
import { useV2Position } from '../hooks/useV2Position.ts'
import type { IndexedPosition } from '../services/positionsQuery.ts'
import { usdValue } from '../services/positionValue.ts'
import { ConnectPrompt } from './ConnectPrompt.tsx'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'
import { MigrateV2 } from './MigrateV2.tsx'
import {
  PairFigure,
  PositionNotLoaded,
  PositionsLoading,
  pairSymbols,
  ValueFigure,
} from './PositionFigures.tsx'

/** /migrate/v2: the connected account's v2 liquidity on every network, each with a link to migrate it. */
export function MigrateV2List() {
  const intl = useIntl()
  const { address } = useWalletState()
  const positions = usePositions(address)
  if (!address) return <ConnectPrompt />
  if (positions.isPending) return <PositionsLoading />
  if (positions.isError && !positions.data)
    return (
      <Card role="alert" data-testid="migrate-v2-unavailable">
        {intl.formatMessage(m.unavailable)}
      </Card>
    )
  const v2 = positions.data.filter((p) => p.version === 'v2' && p.liquidity > 0n)
  if (v2.length === 0)
    return (
      <Card data-testid="migrate-v2-empty">
        <h2>{intl.formatMessage(m.noV2Liquidity)}</h2>
        <p>{intl.formatMessage(m.noV2LiquidityBody)}</p>
        <Link to="/positions" className={secondaryButtonClassName}>
          {intl.formatMessage(m.back)}
        </Link>
      </Card>
    )
  return (
    <>
      <p>{intl.formatMessage(m.v2ListIntro)}</p>
      <ul className={styles.list} aria-label={intl.formatMessage(m.v2ListLabel)}>
        {v2.map((p) => (
          <li key={`${p.network}:${p.tokenId}`}>
            <MigrateV2Row position={p} owner={address as Address} />
          </li>
        ))}
      </ul>
    </>
  )
}

/** One pair: the chain's reading of the LP balance and its worth, and the link to the migration. */
function MigrateV2Row({ position, owner }: { position: IndexedPosition; owner: Address }) {
  const intl = useIntl()
  const chain = useV2Position(position.network, position.tokenId, owner)
  const p = chain.data
  const prices = useTokenPrices(
    p
      ? [
          { network: p.network, address: p.token0.address },
          { network: p.network, address: p.token1.address },
        ]
      : [],
  )
  const { symbol0, symbol1 } = pairSymbols(p, position)
  const value = p ? usdValue(p, p.amount0, p.amount1, prices.data) : null
  return (
    <Card
      className={styles.migrateRow}
      data-testid="migrate-v2-row"
      data-network={position.network}
      data-pair={position.tokenId}
      data-balance={p?.balance.toString()}
    >
      <PairFigure symbol0={symbol0} symbol1={symbol1}>
        <span>v2</span>
        <span>{networkName(position.network)}</span>
      </PairFigure>
      <ValueFigure read={p} symbol0={symbol0} symbol1={symbol1} value={value} />
      <Link
        to={`/migrate/v2/${position.network}/${position.tokenId}`}
        className={buttonClassName}
        data-testid="migrate-v2-link"
        aria-label={`${intl.formatMessage(m.migrate)} ${symbol0} / ${symbol1} (${networkName(position.network)})`}
      >
        {intl.formatMessage(m.migrate)}
      </Link>
    </Card>
  )
}

/**
 * /migrate/v2/:address: a pair address without a network. The network is the one where the
 * account holds that pair's LP tokens, else the wallet's network, else ethereum (else the first
 * configured); the migration form then reads the pair there ("Position not found" when it is not a
 * pair of that network's factory).
 */
export function MigrateV2ForPair({ address: pairText }: { address: string }) {
  const intl = useIntl()
  const { address, chainId } = useWalletState()
  const positions = usePositions(address)
  if (!isAddress(pairText, { strict: false }))
    return (
      <Card data-testid="pair-not-found">
        <h2>{intl.formatMessage(m.pairNotFound)}</h2>
        <p>{intl.formatMessage(m.pairNotFoundBody)}</p>
        <Link to="/migrate/v2" className={secondaryButtonClassName}>
          {intl.formatMessage(m.v2ListLabel)}
        </Link>
      </Card>
    )
  if (address && positions.isPending) return <PositionNotLoaded failed={false} rows={3} />
  const pair = getAddress(pairText)
  const networks = getNetworks()
  const held = positions.data?.find(
    (p) => p.version === 'v2' && p.liquidity > 0n && p.tokenId.toLowerCase() === pair.toLowerCase(),
  )
  const network =
    held?.network ??
    networks.find((n) => n.chainId === chainId)?.slug ??
    (networks.some((n) => n.slug === 'ethereum') ? 'ethereum' : networks[0]?.slug)
  if (!network) return <Card role="alert">{intl.formatMessage(m.unavailable)}</Card>
  return <MigrateV2 key={`${network}:${pair}`} network={network} pair={pair} />
}
