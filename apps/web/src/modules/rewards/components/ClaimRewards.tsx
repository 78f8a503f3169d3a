import type { RewardClaim } from '@oxbow/api-contract/rewards'
import { formatTokenAmount } from '@oxbow/core'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { screeningMessages } from '../../screening/index.ts'
import { Button, Dialog, modalClassName } from '../../ui/index.ts'
import type { Hex } from '../../wallet/index.ts'
import { useAccountRewards } from '../hooks/useRewards.ts'
import { ClaimEpochRow } from './ClaimEpochRow.tsx'
import styles from './Rewards.module.css'
import { rewardsMessages as m } from './rewardsMessages.ts'

/**
 * The account drawer's claim-reward button (spec: "a claim-reward button appears when eligible,
 * shows an amount and opens an address-claim modal"): shown while any epoch's reward is unclaimed,
 * with their sum; the modal names the address it is paid to and lists every epoch the account
 * earned in (its amount and state: claimable, pending, claimed), each claimed on its own through
 * the wallet as an 'lpRewardsClaim' transaction (Activity's pending row, toasts).
 */
export default function ClaimRewards(props: { address: Hex }) {
  const intl = useIntl()
  const { claims, claimable, blocked, checking } = useAccountRewards(props.address)
  const [open, setOpen] = useState(false)
  if (blocked) {
    // Spec section 6: a blocked address cannot be used; the swap and send buttons' label and notice.
    return (
      <>
        <Button
          variant="secondary"
          disabled
          data-testid="claim-rewards"
          data-blocked="true"
          aria-describedby="claim-rewards-blocked"
        >
          {intl.formatMessage(screeningMessages.button)}
        </Button>
        <p
          id="claim-rewards-blocked"
          role="note"
          className={styles.error}
          data-testid="claim-rewards-blocked"
        >
          {intl.formatMessage(screeningMessages.body)}
        </p>
      </>
    )
  }
  const total = sumOfFirstToken(claimable)
  return (
    <>
      {total ? (
        <Button
          variant="secondary"
          data-testid="claim-rewards"
          data-amount={total.amount.toString()}
          data-epochs={claimable.length}
          onClick={() => setOpen(true)}
        >
          {intl.formatMessage(m.claimButton, {
            amount: formatTokenAmount(total.amount, total.token.decimals, { locale: intl.locale }),
            symbol: total.token.symbol,
          })}
        </Button>
      ) : null}
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        label={intl.formatMessage(m.modalTitle)}
        className={modalClassName}
        data-testid="claim-rewards-modal"
      >
        <h2>{intl.formatMessage(m.modalTitle)}</h2>
        <p>{intl.formatMessage(m.listBody)}</p>
        <code className={styles.address} data-testid="claim-rewards-address">
          {props.address}
        </code>
        <ul className={styles.epochs} data-testid="claim-rewards-epochs">
          {claims.map((reward) => (
            <ClaimEpochRow
              key={`${reward.chainId}:${reward.distributor}:${reward.index}`}
              address={props.address}
              reward={reward}
              blocked={blocked}
              checking={checking}
            />
          ))}
        </ul>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {intl.formatMessage(m.cancel)}
          </Button>
        </div>
      </Dialog>
    </>
  )
}

/** The unclaimed amount in the first claim's token (and network): the button's figure. */
function sumOfFirstToken(
  claims: readonly RewardClaim[],
): { amount: bigint; token: RewardClaim['token'] } | undefined {
  const first = claims[0]
  if (!first) return undefined
  const same = claims.filter((c) => c.chainId === first.chainId && c.token.address === first.token.address)
  return { amount: same.reduce((sum, c) => sum + BigInt(c.amount), 0n), token: first.token }
}
