import { ExploreView } from '../modules/explore/index.ts'

/** /explore, /explore/:tab, /explore/:chainName, /explore/:tab/:chainName (default tokens on ethereum). */
export default function ExplorePage() {
  return <ExploreView />
}
