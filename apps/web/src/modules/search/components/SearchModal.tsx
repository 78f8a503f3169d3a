import { lazy, Suspense } from 'react'
import { useStore } from '../../../lib/createStore.ts'
import { searchOpenStore } from '../state/searchStore.ts'
import type { SearchDialogProps } from './SearchDialog.tsx'

/** The dialog's code loads on first open (its own chunk): the first load of every page stays light. */
export const loadSearchDialog = () => import('./SearchDialog.tsx')
const SearchDialog = lazy(() => loadSearchDialog().then((module) => ({ default: module.SearchDialog })))

/** The search modal, mounted while open (a fresh query each time it opens). */
export function SearchModal(props: SearchDialogProps) {
  const open = useStore(searchOpenStore)
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <SearchDialog {...props} />
    </Suspense>
  )
}
