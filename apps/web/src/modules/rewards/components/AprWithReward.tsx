import { useIntl } from 'react-intl'
import styles from './Rewards.module.css'
import { rewardsMessages as m } from './rewardsMessages.ts'

const percent = (locale: string, value: number) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100)

/**
 * A pool's APR (percent) with its LP-rewards APR beside it when the pool is incentivised (the
 * indexer's `rewardApr`: the programme's reward per epoch at the token's price, annualised, over
 * TVL). `null` base: '–'.
 */
export function AprWithReward(props: { apr: number | null; rewardApr: number | null }) {
  const intl = useIntl()
  return (
    <>
      <span data-testid="apr-base">{props.apr === null ? '–' : percent(intl.locale, props.apr)}</span>
      {props.rewardApr !== null && props.rewardApr > 0 ? (
        <span
          className={styles.reward}
          data-testid="apr-reward"
          data-value={props.rewardApr}
          title={intl.formatMessage(m.rewardAprLabel)}
        >
          {intl.formatMessage(m.rewardApr, { apr: percent(intl.locale, props.rewardApr) })}
        </span>
      ) : null}
    </>
  )
}
