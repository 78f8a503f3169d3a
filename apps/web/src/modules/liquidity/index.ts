export { PositionsList } from './components/PositionsList.tsx'
export { PositionView } from './components/PositionView.tsx'
