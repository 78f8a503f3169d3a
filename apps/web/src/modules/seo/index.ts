export { useRouteMeta } from './hooks/useRouteMeta.ts'
export { INTERFACE_NAME, type RouteMeta, routeMeta } from './services/routeMeta.ts'
export { setPageTitle } from './state/pageTitle.ts'
