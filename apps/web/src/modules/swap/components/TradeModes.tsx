import { useIntl } from 'react-intl'
import { NavLink } from 'react-router'
import { defineMessages } from '../../../lib/messages.ts'
import styles from './SwapForm.module.css'

export const tradeModeMessages = defineMessages({
  swap: { id: 'swap.mode.swap', defaultMessage: 'Swap' },
  limit: { id: 'swap.mode.limit', defaultMessage: 'Limit' },
  buy: { id: 'swap.mode.buy', defaultMessage: 'Buy' },
  sell: { id: 'swap.mode.sell', defaultMessage: 'Sell' },
  send: { id: 'swap.mode.send', defaultMessage: 'Send' },
})

const modes = ['swap', 'limit', 'buy', 'sell', 'send'] as const

/** The trade screen's mode links (/swap, /limit, /buy, /sell, /send), shared by every mode's form. */
export function TradeModes() {
  const intl = useIntl()
  return (
    <nav className={styles.modes}>
      {modes.map((mode) => (
        <NavLink key={mode} to={`/${mode}`} className={styles.mode ?? ''}>
          {intl.formatMessage(tradeModeMessages[mode])}
        </NavLink>
      ))}
    </nav>
  )
}
