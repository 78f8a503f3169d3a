export { ExploreView } from './components/ExploreView.tsx'
export { TokenDetailsView } from './components/TokenDetailsView.tsx'
