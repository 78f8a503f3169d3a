import { useIntl } from 'react-intl'
import { useLocation } from 'react-router'
import { defineMessages } from '../lib/messages.ts'
import { SendScreen } from '../modules/account/index.ts'
import { FiatTrade } from '../modules/fiat/index.ts'
import { SwapForm, TradeModes } from '../modules/swap/index.ts'
import { Page } from '../modules/ui/index.ts'

const m = defineMessages({
  swap: { id: 'page.swap.title', defaultMessage: 'Swap' },
  buy: { id: 'page.buy.title', defaultMessage: 'Buy crypto' },
  sell: { id: 'page.sell.title', defaultMessage: 'Sell crypto' },
  send: { id: 'page.send.title', defaultMessage: 'Send' },
})

/** /swap, /buy, /sell and /send: the trade screen in its mode (/limit is LimitPage). */
export default function SwapPage() {
  const intl = useIntl()
  const mode = useLocation().pathname.slice(1) as keyof typeof m
  return (
    <Page narrow title={intl.formatMessage(m[mode] ?? m.swap)}>
      {mode === 'buy' || mode === 'sell' ? (
        <FiatTrade side={mode} modes={<TradeModes />} />
      ) : mode === 'send' ? (
        <>
          <TradeModes />
          <SendScreen />
        </>
      ) : (
        <SwapForm />
      )}
    </Page>
  )
}
