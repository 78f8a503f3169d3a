import { type ReactNode, useId } from 'react'
import { useIntl } from 'react-intl'
import { Card } from '../../ui/index.ts'
import styles from './Liquidity.module.css'
import { liquidityMessages as m } from './liquidityMessages.ts'

/**
 * A migrate form's card: a section labelled by its `title`, with the chosen range's ticks, whether
 * the target pool is new and the target version (v2 only) as data for the tests.
 */
export function MigrateCard(props: {
  testId: string
  title: string
  ticks: { tickLower: number; tickUpper: number } | null | undefined
  newPool: boolean | undefined
  target?: string
  children: ReactNode
}) {
  const id = useId()
  return (
    <Card>
      <section
        aria-labelledby={`${id}-heading`}
        className={styles.actions}
        data-testid={props.testId}
        data-tick-lower={props.ticks?.tickLower}
        data-tick-upper={props.ticks?.tickUpper}
        data-new-pool={props.newPool === undefined ? undefined : String(props.newPool)}
        data-target={props.target}
      >
        <h2 id={`${id}-heading`}>{props.title}</h2>
        {props.children}
      </section>
    </Card>
  )
}

/** The target pool's price: a notice when the migration creates it (`newPoolNotice`), then its current price. */
export function MigratePoolPrice(props: { newPoolNotice: string | null; price: string; per: string }) {
  const intl = useIntl()
  return (
    <>
      {props.newPoolNotice ? <p className={styles.notice}>{props.newPoolNotice}</p> : null}
      <p>
        {intl.formatMessage(m.currentPrice)}: {props.price} {props.per}
      </p>
    </>
  )
}
