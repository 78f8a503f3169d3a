import { lazy, Suspense } from 'react'
import { useSearchParams } from 'react-router'
import { SkeletonRows } from '../../ui/index.ts'
import { loadAccountDrawer } from './AccountDrawerSlot.tsx'

/** The send form comes with the account drawer's chunk: the trade screen's other modes do not load it. */
const SendForm = lazy(() => loadAccountDrawer().then((module) => ({ default: module.SendForm })))

/** The Send mode of the trade screen (/send), honouring the `chain` and `inputCurrency` query parameters. */
export function SendScreen() {
  const [params] = useSearchParams()
  return (
    <Suspense fallback={<SkeletonRows count={3} label="" />}>
      <SendForm initialChain={params.get('chain')} initialToken={params.get('inputCurrency')} />
    </Suspense>
  )
}
