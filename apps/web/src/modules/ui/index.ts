export {
  Button,
  buttonClassName,
  Card,
  ComingSoon,
  Page,
  Skeleton,
  SkeletonRows,
} from './components/Page.tsx'
