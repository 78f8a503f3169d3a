import { useIntl } from 'react-intl'
import { iconButtonClassName } from '../../ui/index.ts'
import { accountMessages as m } from './accountMessages.ts'

/** The drawer's and its dialogs' close control: an icon button named "Close". */
export function CloseButton(props: { onClose: () => void }) {
  const intl = useIntl()
  return (
    <button
      type="button"
      className={iconButtonClassName}
      aria-label={intl.formatMessage(m.close)}
      onClick={props.onClose}
    >
      <span aria-hidden="true">×</span>
    </button>
  )
}
