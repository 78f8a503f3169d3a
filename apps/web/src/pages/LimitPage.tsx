import { useIntl } from 'react-intl'
import { defineMessages } from '../lib/messages.ts'
import { LimitForm, LimitsView } from '../modules/limit/index.ts'
import { Page } from '../modules/ui/index.ts'
import { useWalletState } from '../modules/wallet/index.ts'

const m = defineMessages({
  limit: { id: 'page.limit.title', defaultMessage: 'Limit order' },
})

/** /limit: the trade screen in its Limit mode, with the account's limit orders below (lazy chunk). */
export default function LimitPage() {
  const intl = useIntl()
  const wallet = useWalletState()
  return (
    <Page narrow title={intl.formatMessage(m.limit)}>
      <LimitForm />
      <LimitsView account={wallet.status === 'connected' ? wallet.address : null} />
    </Page>
  )
}
