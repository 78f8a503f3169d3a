export { AccountButton } from './components/AccountButton.tsx'
export { AccountDrawer } from './components/AccountDrawer.tsx'
