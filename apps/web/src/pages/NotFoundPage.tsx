import { FormattedMessage } from 'react-intl'
import { Link } from 'react-router'
import { buttonClassName, Page } from '../modules/ui/index.ts'

export default function NotFoundPage() {
  return (
    <Page narrow title={<FormattedMessage id="page.notFound.title" defaultMessage="Page not found" />}>
      <p>
        <FormattedMessage
          id="page.notFound.body"
          defaultMessage="This page does not exist or is not available."
        />
      </p>
      <div>
        <Link to="/swap" className={buttonClassName}>
          <FormattedMessage id="page.notFound.toSwap" defaultMessage="Go to swap" />
        </Link>
      </div>
    </Page>
  )
}
