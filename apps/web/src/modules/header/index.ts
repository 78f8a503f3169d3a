export { DRAWER_RESET_MS } from './components/CompanyMenu.tsx'
export { Header } from './components/Header.tsx'
export { isHolidaySeason } from './services/holiday.ts'
