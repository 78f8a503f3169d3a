/** Generic token presentation shared by the page-level modules (explore, search). */
export { TokenMark } from './components/TokenMark.tsx'
