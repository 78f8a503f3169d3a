import { FormattedMessage } from 'react-intl'
import { useParams } from 'react-router'
import { ComingSoon, Page } from '../modules/ui/index.ts'

/** /manage/passkey/:walletAddress (embedded-wallet flag only). */
export default function ManagePasskeyPage() {
  const { walletAddress = '' } = useParams()
  return (
    <Page
      narrow
      title={<FormattedMessage id="page.managePasskey.title" defaultMessage="Manage passkeys" />}
      subtitle={walletAddress}
    >
      <ComingSoon />
    </Page>
  )
}
