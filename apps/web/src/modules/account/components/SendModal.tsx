import { useIntl } from 'react-intl'
import { Dialog, dialogHeadClassName, modalClassName } from '../../ui/index.ts'
import { CloseButton } from './CloseButton.tsx'
import { SendForm } from './SendForm.tsx'
import { sendMessages as m } from './sendMessages.ts'

/** The send modal opened from the account drawer (max width 420). */
export function SendModal(props: { open: boolean; onClose: () => void }) {
  const intl = useIntl()
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      label={intl.formatMessage(m.title)}
      className={modalClassName}
      data-testid="send-modal"
    >
      <header className={dialogHeadClassName}>
        <h2>{intl.formatMessage(m.title)}</h2>
        <CloseButton onClose={props.onClose} />
      </header>
      <SendForm />
    </Dialog>
  )
}
