import { Suspense } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { useNavigate, useParams } from 'react-router'
import { siteLinks } from '../modules/config/index.ts'
import { Page, SkeletonRows } from '../modules/ui/index.ts'
import { ManagePasskeys, useAccountNames } from '../modules/wallet/index.ts'

/** /manage/passkey/:walletAddress (embedded-wallet flag only). */
export default function ManagePasskeyPage() {
  const { walletAddress = '' } = useParams()
  const intl = useIntl()
  const navigate = useNavigate()
  const username = useAccountNames(walletAddress)?.username
  return (
    <Page
      narrow
      title={<FormattedMessage id="page.managePasskey.title" defaultMessage="Manage passkeys" />}
      subtitle={walletAddress}
    >
      <Suspense
        fallback={
          <SkeletonRows
            count={3}
            label={intl.formatMessage({ id: 'page.managePasskey.title', defaultMessage: 'Manage passkeys' })}
          />
        }
      >
        <ManagePasskeys
          walletAddress={walletAddress}
          helpUrl={siteLinks.passkeyHelp}
          username={username}
          // The last passkey deleted (signed out, disconnected): leave the page.
          onLastDeleted={() => navigate('/', { replace: true })}
        />
      </Suspense>
    </Page>
  )
}
