export { AccountButton } from './components/AccountButton.tsx'
export { AccountDrawerSlot } from './components/AccountDrawerSlot.tsx'
export { ReceiveModal } from './components/ReceiveModal.tsx'
export { SendScreen } from './components/SendScreen.tsx'
