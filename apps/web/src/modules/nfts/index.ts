export { NftCollectionsView } from './components/NftCollectionsView.tsx'
export { NftCollectionView } from './components/NftCollectionView.tsx'
