import { lazy, Suspense } from 'react'
import { useIntl } from 'react-intl'
import { useLocation } from 'react-router'
import { defineMessages } from '../lib/messages.ts'
import { SendScreen } from '../modules/account/index.ts'
import { SwapForm, TradeModes } from '../modules/swap/index.ts'
import { Page } from '../modules/ui/index.ts'

const m = defineMessages({
  swap: { id: 'page.swap.title', defaultMessage: 'Swap' },
  buy: { id: 'page.buy.title', defaultMessage: 'Buy crypto' },
  sell: { id: 'page.sell.title', defaultMessage: 'Sell crypto' },
  send: { id: 'page.send.title', defaultMessage: 'Send' },
})

// Buy and sell load their own chunk: / and /swap (the initial JS budget) never need them.
const FiatTrade = lazy(() => import('../modules/fiat/index.ts').then((fiat) => ({ default: fiat.FiatTrade })))

/** /swap, /buy, /sell and /send: the trade screen in its mode (/limit is LimitPage). */
export default function SwapPage() {
  const intl = useIntl()
  const mode = useLocation().pathname.slice(1) as keyof typeof m
  return (
    <Page narrow title={intl.formatMessage(m[mode] ?? m.swap)}>
      {mode === 'buy' || mode === 'sell' ? (
        <Suspense fallback={<TradeModes />}>
          <FiatTrade side={mode} modes={<TradeModes />} />
        </Suspense>
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
