export { CreatePosition, type CreatePrefill } from './components/CreatePosition.tsx'
export { PositionsList } from './components/PositionsList.tsx'
export { PositionView } from './components/PositionView.tsx'
