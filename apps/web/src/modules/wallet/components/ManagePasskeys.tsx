/**
 * The passkey menu (the account drawer's passkeys view and /manage/passkey/:walletAddress, own
 * chunk): the embedded wallet's passkeys, oldest first, with provider icon, label and creation
 * date; add (Device or Other device) and delete (a two-step speed bump, then an acknowledgement),
 * each after a verification with one of the wallet's passkeys. Deleting the last passkey signs out
 * and disconnects, then `onLastDeleted` (the drawer closes; the page goes home).
 */
import { useCallback, useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { Button, Card, Dialog, SkeletonRows } from '../../ui/index.ts'
import { loadWalletRuntime } from '../services/loadWalletRuntime.ts'
import { passkeyDateOptions, passkeyLabel } from '../services/passkeyDisplay.ts'
import {
  addPasskey,
  deletePasskey,
  listPasskeys,
  type PasskeyInfo,
  verifyPasskey,
} from '../services/passkeyWallet.ts'
import { PASSKEY_WALLET_ID, useEmbeddedWallet } from '../state/embeddedWallet.ts'
import { useWalletState } from '../state/walletStore.ts'
import styles from './Passkeys.module.css'
import { passkeyMessages as m } from './passkeyMessages.ts'

type Modal =
  | { kind: 'none' }
  | { kind: 'verify'; next: 'add' | { delete: PasskeyInfo } }
  | { kind: 'add' }
  | { kind: 'deleteWarning'; passkey: PasskeyInfo }
  | { kind: 'delete'; passkey: PasskeyInfo }

const providerIcon: Record<PasskeyInfo['provider'], string> = {
  Chrome: 'C',
  iCloud: 'i',
  Windows: 'W',
  Android: 'A',
  Other: '•',
}

/** The name a new passkey is registered under: the wallet's username if it has one (the API numbers it). */
export const PASSKEY_DEFAULT_USERNAME = 'Oxbow Wallet'

export default function ManagePasskeys({
  walletAddress,
  helpUrl,
  inDrawer = false,
  username,
  onLastDeleted,
}: {
  walletAddress: string
  helpUrl: string
  /** In the account drawer: no title of its own (the drawer's view has it). */
  inDrawer?: boolean
  /** The wallet's username, if it has one: new passkeys are registered under it. */
  username?: string | null | undefined
  /** After the last passkey is deleted (signed out and disconnected by then). */
  onLastDeleted: () => void
}) {
  const intl = useIntl()
  const wallet = useWalletState()
  const embedded = useEmbeddedWallet()
  const [passkeys, setPasskeys] = useState<PasskeyInfo[] | null>(null)
  const [modal, setModal] = useState<Modal>({ kind: 'none' })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [acknowledged, setAcknowledged] = useState(false)
  const unlocked =
    embedded.unlocked &&
    wallet.status === 'connected' &&
    wallet.address?.toLowerCase() === walletAddress.toLowerCase()

  const refresh = useCallback(async () => {
    setPasskeys(null)
    try {
      setPasskeys((await listPasskeys()).passkeys)
    } catch {
      setPasskeys([])
      setError(intl.formatMessage(m.error))
    }
  }, [intl])
  useEffect(() => {
    if (unlocked) void refresh()
  }, [unlocked, refresh])

  if (!unlocked) {
    const pending = wallet.status === 'pending' && wallet.targetId === PASSKEY_WALLET_ID
    return (
      <Card className={styles.card}>
        <p>{intl.formatMessage(m.locked)}</p>
        <Button
          disabled={pending}
          onClick={() => {
            loadWalletRuntime().then((runtime) => runtime.connectPasskey('unlock'))
          }}
        >
          {intl.formatMessage(m.unlock)}
        </Button>
      </Card>
    )
  }

  const close = () => {
    setModal({ kind: 'none' })
    setAcknowledged(false)
    setBusy(false)
  }
  const run = async (step: () => Promise<void>, onError?: () => void) => {
    setBusy(true)
    setError(null)
    try {
      await step()
    } catch (cause) {
      console.warn('passkey action failed', cause instanceof Error ? cause.message : cause)
      setError(intl.formatMessage(m.error))
      onError?.()
      close()
    } finally {
      setBusy(false)
    }
  }
  const verify = (next: 'add' | { delete: PasskeyInfo }) =>
    run(async () => {
      await verifyPasskey(next === 'add' ? 'add' : 'delete')
      setModal(next === 'add' ? { kind: 'add' } : { kind: 'deleteWarning', passkey: next.delete })
    })
  const add = (attachment: 'platform' | 'cross-platform') =>
    run(async () => {
      await addPasskey(attachment, username ?? PASSKEY_DEFAULT_USERNAME)
      close()
      await refresh()
    })
  const remove = (passkey: PasskeyInfo) =>
    run(
      async () => {
        const { lastAuthenticator } = await deletePasskey(passkey.id)
        close()
        if (lastAuthenticator) {
          // The last passkey: sign out (done by the delete), disconnect, close the drawer or leave the page.
          const runtime = await loadWalletRuntime()
          await runtime.disconnectWallet()
          onLastDeleted()
          return
        }
        await refresh()
      },
      // A delete error closes the modal and refreshes the list.
      () => void refresh(),
    )

  const today = new Date()
  const date = (iso: string) => {
    const at = new Date(iso)
    return intl.formatDate(at, passkeyDateOptions(at, today))
  }

  return (
    <Card className={styles.card}>
      <div className={styles.head}>
        {inDrawer ? <span /> : <h2>{intl.formatMessage(m.title)}</h2>}
        <a href={helpUrl} target="_blank" rel="noreferrer" className={styles.help}>
          {intl.formatMessage(m.help)}
        </a>
      </div>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      {passkeys === null ? (
        <SkeletonRows count={3} label={intl.formatMessage(m.loading)} />
      ) : (
        <ul className={styles.list} data-testid="passkey-list">
          {passkeys.map((passkey, index) => {
            const label = passkeyLabel(passkey, index)
            const name = typeof label === 'number' ? intl.formatMessage(m.passkeyN, { number: label }) : label
            return (
              <li key={passkey.id} className={styles.row} data-testid="passkey-row">
                <span className={styles.icon} data-provider={passkey.provider} aria-hidden="true">
                  {providerIcon[passkey.provider]}
                </span>
                <span className={styles.name}>{name}</span>
                <span className={styles.date} data-testid="passkey-created">
                  {date(passkey.createdAt)}
                </span>
                <button
                  type="button"
                  className={styles.delete}
                  aria-label={intl.formatMessage(m.deleteNamed, { name })}
                  onClick={() => setModal({ kind: 'verify', next: { delete: passkey } })}
                >
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                    <path
                      fill="currentColor"
                      d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z"
                    />
                  </svg>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <Button onClick={() => setModal({ kind: 'verify', next: 'add' })} disabled={passkeys === null}>
        {intl.formatMessage(m.add)}
      </Button>

      <Dialog
        open={modal.kind !== 'none'}
        onClose={close}
        label={intl.formatMessage(m.title)}
        className={modal.kind === 'add' ? `${styles.modal} ${styles.addPopover}` : styles.modal}
        data-testid="passkey-modal"
        data-modal={modal.kind}
      >
        {modal.kind === 'verify' ? (
          <div className={styles.modalBody}>
            <h3>{intl.formatMessage(m.verifyTitle)}</h3>
            <p>{intl.formatMessage(modal.next === 'add' ? m.verifyAdd : m.verifyDelete)}</p>
            <Button disabled={busy} aria-busy={busy || undefined} onClick={() => void verify(modal.next)}>
              {intl.formatMessage(m.verify)}
            </Button>
            <Button variant="secondary" onClick={close}>
              {intl.formatMessage(m.cancel)}
            </Button>
          </div>
        ) : modal.kind === 'add' ? (
          <div className={styles.modalBody}>
            <h3>{intl.formatMessage(m.addTitle)}</h3>
            <Button disabled={busy} onClick={() => void add('platform')}>
              {intl.formatMessage(m.device)}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => void add('cross-platform')}>
              {intl.formatMessage(m.otherDevice)}
            </Button>
          </div>
        ) : modal.kind === 'deleteWarning' ? (
          <div className={styles.modalBody}>
            <h3>{intl.formatMessage(m.deleteTitle)}</h3>
            <p>
              {intl.formatMessage(passkeys && passkeys.length === 1 ? m.deleteLastWarning : m.deleteWarning)}
            </p>
            <Button onClick={() => setModal({ kind: 'delete', passkey: modal.passkey })}>
              {intl.formatMessage(m.continue)}
            </Button>
            <Button variant="secondary" onClick={close}>
              {intl.formatMessage(m.cancel)}
            </Button>
          </div>
        ) : modal.kind === 'delete' ? (
          <div className={styles.modalBody}>
            <h3>{intl.formatMessage(m.deleteTitle)}</h3>
            <label className={styles.ack}>
              <input
                type="checkbox"
                checked={acknowledged}
                onChange={(event) => setAcknowledged(event.currentTarget.checked)}
              />
              {intl.formatMessage(m.acknowledge)}
            </label>
            <Button disabled={!acknowledged || busy} onClick={() => void remove(modal.passkey)}>
              {intl.formatMessage(m.delete)}
            </Button>
            <Button variant="secondary" onClick={close}>
              {intl.formatMessage(m.cancel)}
            </Button>
          </div>
        ) : null}
      </Dialog>
    </Card>
  )
}
