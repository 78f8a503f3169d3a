export { ExploreView } from './components/ExploreView.tsx'
