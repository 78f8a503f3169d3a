export { AccountButton } from './components/AccountButton.tsx'
export { AccountDrawerSlot, loadAccountDrawer } from './components/AccountDrawerSlot.tsx'
export { SendScreen } from './components/SendScreen.tsx'
