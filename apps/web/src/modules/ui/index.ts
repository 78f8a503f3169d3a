export {
  Button,
  buttonClassName,
  Card,
  ComingSoon,
  Page,
  Skeleton,
  SkeletonRows,
} from './components/Page.tsx'
export { POPOVER_VIEWPORT_MARGIN, useDismiss, useKeepInViewport } from './hooks/usePopover.ts'
