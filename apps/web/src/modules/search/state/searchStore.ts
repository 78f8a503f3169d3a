import { createStore } from '../../../lib/createStore.ts'

export const searchOpenStore = createStore(false)
export const openSearch = () => searchOpenStore.set(true)
export const closeSearch = () => searchOpenStore.set(false)
