import { useIntl } from 'react-intl'
import { liquidityMessages as m } from './liquidityMessages.ts'

/** 'Receive as ETH': whether what a collect or remove pays in WETH comes out as the native currency. */
export function ReceiveNativeToggle(props: {
  checked: boolean
  onChange: (checked: boolean) => void
  nativeSymbol: string
}) {
  const intl = useIntl()
  return (
    <label>
      <input type="checkbox" checked={props.checked} onChange={(e) => props.onChange(e.target.checked)} />{' '}
      {intl.formatMessage(m.receiveNative, { symbol: props.nativeSymbol })}
    </label>
  )
}
