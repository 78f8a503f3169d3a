export { ScreeningGate } from './components/ScreeningGate.tsx'
export { screeningMessages } from './components/screeningMessages.ts'
export { screeningQuery, useAddressBlocked, useBlockedAccount } from './hooks/useScreening.ts'
