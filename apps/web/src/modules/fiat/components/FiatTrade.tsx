import { useSearchParams } from 'react-router'
import { FiatForm } from './FiatForm.tsx'
import { FiatOrderProgress } from './FiatOrderProgress.tsx'

const ORDER_ID = /^[0-9a-f-]{36}$/

/** /buy and /sell: the form, or the order the provider's checkout returned to (`?fiatOrder=`). */
export function FiatTrade({ side }: { side: 'buy' | 'sell' }) {
  const [params, setParams] = useSearchParams()
  const orderId = params.get('fiatOrder')
  if (orderId && ORDER_ID.test(orderId)) {
    return <FiatOrderProgress orderId={orderId} onDone={() => setParams({}, { replace: true })} />
  }
  return <FiatForm side={side} />
}
