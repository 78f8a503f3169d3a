import { Suspense } from 'react'
import { FormattedMessage } from 'react-intl'
import { Page } from '../modules/ui/index.ts'
import { PasskeyLogin } from '../modules/wallet/index.ts'

/** /auth/passkey/extension: the passkey login popup for the browser extension. */
export default function PasskeyExtensionPage() {
  return (
    <Page
      narrow
      title={<FormattedMessage id="page.passkeyExtension.title" defaultMessage="Log in with your passkey" />}
    >
      <Suspense fallback={null}>
        <PasskeyLogin />
      </Suspense>
    </Page>
  )
}
