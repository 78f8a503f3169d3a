import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { FiatForm } from './FiatForm.tsx'
import { FiatOrderProgress } from './FiatOrderProgress.tsx'

const ORDER_ID = /^[0-9a-f-]{36}$/

/** /buy and /sell: the form, or the order the provider's checkout returned to (`?fiatOrder=`). */
export function FiatTrade({ side, modes }: { side: 'buy' | 'sell'; modes?: ReactNode }) {
  const [params, setParams] = useSearchParams()
  const orderId = params.get('fiatOrder')
  return (
    <>
      {modes}
      {orderId && ORDER_ID.test(orderId) ? (
        <FiatOrderProgress orderId={orderId} onDone={() => setParams({}, { replace: true })} />
      ) : (
        <FiatForm side={side} />
      )}
    </>
  )
}
