export { Dialog, dialogHeadClassName, iconButtonClassName, modalClassName } from './components/Dialog.tsx'
export { CopyIcon, LineIcon, LogoMark, PowerIcon } from './components/Icons.tsx'
export { NotFoundState } from './components/NotFoundState.tsx'
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
export { useFocusTrap } from './hooks/useFocusTrap.ts'
export { POPOVER_VIEWPORT_MARGIN, useDismiss, useKeepInViewport } from './hooks/usePopover.ts'
