export { AccountButton } from './components/AccountButton.tsx'
export { AccountDrawer } from './components/AccountDrawer.tsx'
export { SendScreen } from './components/SendScreen.tsx'
