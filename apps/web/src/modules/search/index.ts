export { SearchModal } from './components/SearchModal.tsx'
export { isTypingTarget, useSearchHotkey } from './hooks/useSearchHotkey.ts'
export { closeSearch, openSearch, searchOpenStore } from './state/searchStore.ts'
