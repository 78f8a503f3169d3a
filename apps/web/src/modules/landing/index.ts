export { Landing } from './components/Landing.tsx'
export { pageHashTarget } from './services/hashRedirect.ts'
