import type { RewardClaim } from '@oxbow/api-contract/rewards'
import { formatTokenAmount } from '@oxbow/core'
import { useIntl } from 'react-intl'
import { findNetworkByChainId } from '../../config/index.ts'
import { Button } from '../../ui/index.ts'
import type { Hex } from '../../wallet/index.ts'
import { useEpochClaim } from '../hooks/useEpochClaim.ts'
import styles from './Rewards.module.css'
import { rewardsMessages as m } from './rewardsMessages.ts'

/**
 * One epoch of the address-claim modal: the epoch and network, its amount, its state (claimable,
 * waiting for the wallet, pending, claimed: the chain's answer, kept across reloads) and its own
 * Claim button (the 1.0.1 MerkleDistributor claims one epoch per transaction; it has no batch).
 */
export function ClaimEpochRow(props: {
  address: Hex
  reward: RewardClaim
  blocked: boolean
  /** The claims are being read again: the button waits for the chain's answer. */
  checking: boolean
}) {
  const intl = useIntl()
  const { reward } = props
  const { state, hash, failure, claim } = useEpochClaim(props.address, reward, props.blocked)
  const amount = formatTokenAmount(BigInt(reward.amount), reward.token.decimals, { locale: intl.locale })
  const stateLabel = {
    claimable: m.claimable,
    wallet: m.wallet,
    pending: m.pending,
    claimed: m.claimed,
  }[state]
  return (
    <li
      className={styles.epoch}
      data-testid="claim-rewards-epoch"
      data-epoch={reward.epoch}
      data-state={state}
      data-hash={hash}
    >
      <span className={styles.epochName}>
        {intl.formatMessage(m.epoch, {
          epoch: reward.epoch,
          network: findNetworkByChainId(reward.chainId)?.name ?? reward.network,
        })}
      </span>
      <span
        className={styles.epochAmount}
        data-testid="claim-rewards-epoch-amount"
        data-amount={reward.amount}
      >
        {amount} {reward.token.symbol}
      </span>
      <span
        role="status"
        className={styles.epochState}
        data-testid="claim-rewards-status"
        data-state={state}
        data-hash={hash}
      >
        {intl.formatMessage(stateLabel)}
      </span>
      {state === 'claimable' || state === 'wallet' ? (
        <Button
          className={styles.epochClaim}
          disabled={state === 'wallet' || (props.checking && state === 'claimable')}
          onClick={() => void claim()}
        >
          {intl.formatMessage(m.confirm)}
        </Button>
      ) : null}
      {failure ? (
        <p role="alert" className={`${styles.error} ${styles.epochError}`} data-testid="claim-rewards-error">
          {intl.formatMessage(failure.rejected ? m.rejected : m.failed)}
        </p>
      ) : null}
    </li>
  )
}
