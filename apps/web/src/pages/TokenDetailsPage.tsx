import { TokenDetailsView } from '../modules/explore/index.ts'

/** /explore/tokens/:chainName/:tokenAddress: chart, stats, swap, info and transactions. */
export default function TokenDetailsPage() {
  return <TokenDetailsView />
}
