/** The account popover's embedded-wallet actions (own chunk): Manage passkeys. */
import { useIntl } from 'react-intl'
import { Link } from 'react-router'
import { secondaryButtonClassName } from '../../ui/index.ts'
import { passkeyMessages as m } from './passkeyMessages.ts'

export default function EmbeddedAccountActions(props: { address: string; onNavigate: () => void }) {
  const intl = useIntl()
  return (
    <Link
      className={secondaryButtonClassName}
      to={`/manage/passkey/${props.address}`}
      onClick={props.onNavigate}
      data-testid="manage-passkeys"
    >
      {intl.formatMessage(m.managePasskeys)}
    </Link>
  )
}
