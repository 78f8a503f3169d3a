export { ExploreView } from './components/ExploreView.tsx'
export { PoolDetailsView } from './components/PoolDetailsView.tsx'
export { TokenDetailsView } from './components/TokenDetailsView.tsx'
export { prefetchExplore, prefetchPool, prefetchToken } from './hooks/prefetch.ts'
