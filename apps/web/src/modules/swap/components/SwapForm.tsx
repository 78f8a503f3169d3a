import { FormattedMessage, useIntl } from 'react-intl'
import { NavLink, useNavigate, useSearchParams } from 'react-router'
import { defineMessages } from '../../../lib/messages.ts'
import { getNetworks } from '../../config/index.ts'
import { Button, ComingSoon } from '../../ui/index.ts'
import { applyChainSelection } from '../../urlParams/index.ts'
import styles from './SwapForm.module.css'

const m = defineMessages({
  swap: { id: 'swap.mode.swap', defaultMessage: 'Swap' },
  limit: { id: 'swap.mode.limit', defaultMessage: 'Limit' },
  buy: { id: 'swap.mode.buy', defaultMessage: 'Buy' },
  sell: { id: 'swap.mode.sell', defaultMessage: 'Sell' },
  send: { id: 'swap.mode.send', defaultMessage: 'Send' },
  network: { id: 'swap.network', defaultMessage: 'Network' },
  youPay: { id: 'swap.panel.sell', defaultMessage: 'Sell' },
  youGet: { id: 'swap.panel.buy', defaultMessage: 'Buy' },
  amount: { id: 'swap.amount', defaultMessage: 'Amount' },
  selectToken: { id: 'swap.selectToken', defaultMessage: 'Select token' },
  flip: { id: 'swap.flip', defaultMessage: 'Switch tokens' },
})

const modes = ['swap', 'limit', 'buy', 'sell', 'send'] as const

/** The hero's hand-off: /swap with the currencies, typed value, independent field and chain. */
export function heroSwapUrl(params: URLSearchParams, value: string): string {
  const next = new URLSearchParams()
  for (const key of ['inputCurrency', 'outputCurrency', 'chain']) {
    const current = params.get(key)
    if (current) next.set(key, current)
  }
  next.set('value', value)
  next.set('field', 'INPUT')
  if (!next.has('chain')) next.set('chain', 'ethereum')
  return `/swap?${next.toString()}`
}

/**
 * The swap box's real layout (modes, network, sell and buy panels, action). Quotes and the wallet
 * arrive with issue #6; until then the action is disabled and the box says so. In the landing hero
 * (`hero`), starting to type hands the swap over to /swap.
 */
export function SwapForm({ showModes = true, hero = false }: { showModes?: boolean; hero?: boolean }) {
  const intl = useIntl()
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()
  const chain = params.get('chain') ?? 'ethereum'
  return (
    <section className={styles.box} aria-label={intl.formatMessage(m.swap)}>
      <div className={styles.top}>
        {showModes ? (
          <nav className={styles.modes}>
            {modes.map((mode) => (
              <NavLink key={mode} to={`/${mode}`} className={styles.mode ?? ''}>
                {intl.formatMessage(m[mode])}
              </NavLink>
            ))}
          </nav>
        ) : (
          <span />
        )}
        <select
          className={styles.chain}
          aria-label={intl.formatMessage(m.network)}
          value={chain}
          onChange={(event) => setParams((previous) => applyChainSelection(previous, event.target.value))}
        >
          {getNetworks().map((network) => (
            <option key={network.slug} value={network.slug}>
              {network.name}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.panel}>
        <span className={styles.label}>{intl.formatMessage(m.youPay)}</span>
        <div className={styles.amountRow}>
          <input
            className={styles.amount}
            inputMode="decimal"
            placeholder="0"
            aria-label={intl.formatMessage(m.amount)}
            defaultValue={params.get('value') ?? ''}
            onChange={(event) => {
              if (hero && event.target.value.trim() !== '')
                void navigate(heroSwapUrl(params, event.target.value))
            }}
          />
          <span className={styles.token}>
            {params.get('inputCurrency') ?? intl.formatMessage(m.selectToken)}
          </span>
        </div>
      </div>
      <span className={styles.switch} aria-hidden="true">
        ↓
      </span>
      <div className={styles.panel}>
        <span className={styles.label}>{intl.formatMessage(m.youGet)}</span>
        <div className={styles.amountRow}>
          <span className={styles.amount}>0</span>
          <span className={styles.token}>
            {params.get('outputCurrency') ?? intl.formatMessage(m.selectToken)}
          </span>
        </div>
      </div>
      <Button disabled>
        <FormattedMessage id="swap.action.comingSoon" defaultMessage="Swapping is coming soon" />
      </Button>
      <ComingSoon>
        <FormattedMessage
          id="swap.comingSoon"
          defaultMessage="Quotes, wallet connection and trading arrive in the next release."
        />
      </ComingSoon>
    </section>
  )
}
