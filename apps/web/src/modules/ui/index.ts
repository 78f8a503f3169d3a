export {
  Button,
  buttonClassName,
  Card,
  ComingSoon,
  Page,
  Skeleton,
  SkeletonRows,
  secondaryButtonClassName,
  UnknownValue,
} from './components/Page.tsx'
