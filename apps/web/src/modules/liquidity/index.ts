import { lazy } from 'react'

export { CreatePosition, type CreatePrefill } from './components/CreatePosition.tsx'
export { MigrateV2 } from './components/MigrateV2.tsx'
export { MigrateV2ForPair, MigrateV2List } from './components/MigrateV2List.tsx'
export { MigrateV3 } from './components/MigrateV3.tsx'
export { PoolFinder } from './components/PoolFinder.tsx'
export { VersionUnavailable } from './components/PositionFigures.tsx'
export { PositionsList } from './components/PositionsList.tsx'
export { PositionView } from './components/PositionView.tsx'
export { resolveCurrency, supportedVersions } from './services/createPosition.ts'
export { findV2Pair } from './services/v2Position.ts'

/**
 * The v2 position page, in a chunk of its own: it computes with the v2 LP maths of
 * `@oxbow/routing/v2Liquidity`, whose Uniswap SDKs no other liquidity screen needs.
 */
export const V2PositionView = lazy(() =>
  import('./components/V2PositionView.tsx').then((module) => ({ default: module.V2PositionView })),
)
