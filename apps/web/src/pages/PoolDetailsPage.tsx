import { PoolDetailsView } from '../modules/explore/index.ts'

/** /explore/pools/:chainName/:poolAddress (v2/v3 address or v4 pool id). */
export default function PoolDetailsPage() {
  return <PoolDetailsView />
}
