import { FormattedMessage } from 'react-intl'
import { Page } from '../modules/ui/index.ts'

/** Opened by the browser extension when it is uninstalled. */
export default function ExtensionUninstallPage() {
  return (
    <Page
      narrow
      title={<FormattedMessage id="page.extensionUninstall.title" defaultMessage="Sorry to see you go" />}
    >
      <p>
        <FormattedMessage
          id="page.extensionUninstall.body"
          defaultMessage="The Oxbow extension was removed. Your funds stay in your wallet; you can reinstall any time."
        />
      </p>
    </Page>
  )
}
