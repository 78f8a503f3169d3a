import { useState } from 'react'
import { useIntl } from 'react-intl'
import { safeStorage } from '../../../lib/createStore.ts'
import { Button, Dialog } from '../../ui/index.ts'
import styles from './Screening.module.css'
import { screeningMessages as m } from './screeningMessages.ts'

/**
 * Addresses whose notice was closed in this tab's session (sessionStorage, a comma list checked on
 * load: anything else reads as none): the banner stays, the modal does not return on reload.
 */
const session = safeStorage('session')
const ACK_KEY = 'oxbow.screening.acknowledged'
const acknowledged = (): string[] =>
  (session.get(ACK_KEY) ?? '').split(',').filter((entry) => /^0x[0-9a-f]{40}$/.test(entry))

/**
 * The blocked-address notice (spec section 6), for the connected account the API screens as
 * blocked: a modal naming the address first, then (once closed) a banner under the header for as
 * long as that account stays connected. Its own chunk: only a blocked account loads it.
 */
export default function BlockedAddressNotice({ address }: { address: `0x${string}` }) {
  const intl = useIntl()
  const key = address.toLowerCase()
  const [open, setOpen] = useState(() => !acknowledged().includes(key))
  const close = () => {
    session.set(ACK_KEY, [...new Set([...acknowledged(), key])].slice(-20).join(','))
    setOpen(false)
  }
  return (
    <>
      <div className={styles.banner} role="alert" data-testid="blocked-address-banner">
        {intl.formatMessage(m.banner)}
      </div>
      <Dialog
        open={open}
        onClose={close}
        label={intl.formatMessage(m.title)}
        className={styles.dialog}
        data-testid="blocked-address-notice"
      >
        <div className={styles.icon} aria-hidden="true">
          ⚠
        </div>
        <h2 className={styles.title}>{intl.formatMessage(m.title)}</h2>
        <p className={styles.address} data-testid="blocked-address">
          {address}
        </p>
        <p className={styles.body}>{intl.formatMessage(m.body)}</p>
        <Button variant="secondary" onClick={close} data-testid="blocked-address-close">
          {intl.formatMessage(m.close)}
        </Button>
      </Dialog>
    </>
  )
}
