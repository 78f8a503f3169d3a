import { useIntl } from 'react-intl'
import { Button, Card } from '../../ui/index.ts'
import { openConnectDrawer } from '../../wallet/index.ts'
import { liquidityMessages as m } from './liquidityMessages.ts'

/** Not connected: what to do, and a button opening the header's drawer (one connect dialog per page). */
export function ConnectPrompt() {
  const intl = useIntl()
  return (
    <Card data-testid="liquidity-connect">
      <p>{intl.formatMessage(m.connect)}</p>
      <Button type="button" onClick={openConnectDrawer}>
        {intl.formatMessage(m.connectWallet)}
      </Button>
    </Card>
  )
}
