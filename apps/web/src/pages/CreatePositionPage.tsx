import { FormattedMessage } from 'react-intl'
import { useParams } from 'react-router'
import { Card, ComingSoon, Page } from '../modules/ui/index.ts'
import styles from './Pages.module.css'

/** /positions/create and /positions/create/:protocolVersion: the stepwise position creation. */
export default function CreatePositionPage() {
  const version = useParams().protocolVersion ?? 'v4'
  return (
    <Page
      title={
        <FormattedMessage
          id="page.createPosition.title"
          defaultMessage="New {version} position"
          values={{ version }}
        />
      }
    >
      <ComingSoon />
      <Card>
        <ol className={styles.steps}>
          <li>
            <FormattedMessage id="page.createPosition.step1" defaultMessage="Select token pair and fees" />
          </li>
          <li>
            <FormattedMessage
              id="page.createPosition.step2"
              defaultMessage="Set price range and deposit amounts"
            />
          </li>
        </ol>
      </Card>
    </Page>
  )
}
