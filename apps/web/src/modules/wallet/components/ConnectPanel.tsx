import type { ReactNode } from 'react'
import { useStore } from '../../../lib/createStore.ts'
import { useFeatureFlag } from '../../flags/index.ts'
import { ConnectView } from './ConnectView.tsx'
import { loadFailedStore, loadForDrawer } from './connectLoad.ts'

/**
 * The connect view as the account drawer shows it while no wallet is connected. Only the drawer's
 * lazily loaded chunk imports it: the connect view stays out of the header's initial chunk.
 */
export default function ConnectPanel(props: { onClose: () => void; footer?: ReactNode }) {
  const embeddedWallet = useFeatureFlag('embeddedWallet')
  const loadFailed = useStore(loadFailedStore)
  return (
    <ConnectView
      embeddedWallet={embeddedWallet}
      loadFailed={loadFailed}
      onRetryLoad={loadForDrawer}
      onClose={props.onClose}
      footer={props.footer}
    />
  )
}
