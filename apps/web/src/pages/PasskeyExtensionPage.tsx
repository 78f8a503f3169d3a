import { FormattedMessage } from 'react-intl'
import { ComingSoon, Page } from '../modules/ui/index.ts'

/** /auth/passkey/extension: the passkey login popup for the browser extension. */
export default function PasskeyExtensionPage() {
  return (
    <Page
      narrow
      title={<FormattedMessage id="page.passkeyExtension.title" defaultMessage="Log in with your passkey" />}
    >
      <ComingSoon />
    </Page>
  )
}
