import { useIntl } from 'react-intl'
import { useAddressName } from '../../identity/index.ts'
import { screeningMessages } from '../../screening/index.ts'
import { Button, Dialog, modalClassName } from '../../ui/index.ts'
import type { RecipientProblem } from '../state/sendRules.ts'
import styles from './AccountDrawer.module.css'
import { sendMessages as m } from './sendMessages.ts'

/** The send form's steps: the form, the speed bumps, review, the low-native-token info, sending. */
export type SendStep = 'form' | 'contract' | 'new' | 'lookalike' | 'review' | 'lowNative' | 'sending'

/** A recent recipient: its name (username, else ENS) over the address when it has one. */
function RecipientAddress(props: { address: string }) {
  const name = useAddressName(props.address)
  return (
    <span className={styles.rowMain}>
      {name ? <strong data-testid="send-recent-name">{name}</strong> : null}
      <span className={styles.address}>{props.address}</span>
    </span>
  )
}

/**
 * The recipient input, the resolved address of a name (or the name of a typed address), the
 * blocked-recipient error and the recents flyout. Names are text.
 */
export function RecipientField(props: {
  id: string
  value: string
  onChange: (text: string) => void
  onFocus: () => void
  /** The address an ENS name or username resolved to (shown under the input). */
  resolved: string | null
  /** The name (username, else ENS) of a typed address, shown under the input. */
  addressName: string | null
  blocked: boolean
  /** Why the resolved recipient is refused (zero address, the sender's own), else null. */
  problem: RecipientProblem
  /** The recent recipients to offer (the flyout shows when there are any). */
  recents: readonly { address: string; count: number }[]
  onPick: (address: string) => void
}) {
  const intl = useIntl()
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{intl.formatMessage(m.recipient)}</label>
      <input
        id={props.id}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={intl.formatMessage(m.recipientPlaceholder)}
        value={props.value}
        onFocus={props.onFocus}
        onChange={(event) => props.onChange(event.target.value)}
        data-testid="send-recipient"
      />
      {props.resolved ? (
        <span className={styles.muted} data-testid="send-recipient-resolved">
          {props.resolved}
        </span>
      ) : null}
      {props.addressName ? (
        <span className={styles.muted} data-testid="send-recipient-name">
          {props.addressName}
        </span>
      ) : null}
      {props.blocked ? (
        <p className={styles.sendError} role="alert" data-testid="send-recipient-blocked">
          {intl.formatMessage(screeningMessages.recipient)}
        </p>
      ) : null}
      {props.problem ? (
        <p
          className={styles.sendError}
          role="alert"
          data-testid="send-recipient-problem"
          data-problem={props.problem}
        >
          {intl.formatMessage(props.problem === 'zeroAddress' ? m.zeroAddress : m.ownAddress)}
        </p>
      ) : null}
      {props.recents.length > 0 ? (
        <ul className={styles.flyout} aria-label={intl.formatMessage(m.recent)}>
          {props.recents.map((recent) => (
            <li key={recent.address}>
              <button type="button" className={styles.navRow} onClick={() => props.onPick(recent.address)}>
                <RecipientAddress address={recent.address} />
                <span className={styles.muted}>
                  {intl.formatMessage(m.sendCount, { count: recent.count })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** The speed bumps, in order: a smart-contract recipient, a new address, a look-alike of a recent one. */
export function SpeedBumpDialog(props: {
  step: SendStep
  resolved: string | null
  /** The recent recipient the address looks like. */
  lookalike: string
  onContinue: () => void
  onCancel: () => void
}) {
  const intl = useIntl()
  return (
    <Dialog
      open={props.step === 'contract' || props.step === 'new' || props.step === 'lookalike'}
      onClose={props.onCancel}
      label={intl.formatMessage(
        props.step === 'contract'
          ? m.contractTitle
          : props.step === 'new'
            ? m.newAddressTitle
            : m.lookalikeTitle,
      )}
      className={modalClassName}
      data-testid={`send-speedbump-${props.step}`}
    >
      <h2>
        {intl.formatMessage(
          props.step === 'contract'
            ? m.contractTitle
            : props.step === 'new'
              ? m.newAddressTitle
              : m.lookalikeTitle,
        )}
      </h2>
      <p>
        {props.step === 'contract'
          ? intl.formatMessage(m.contractBody)
          : props.step === 'new'
            ? intl.formatMessage(m.newAddressBody)
            : intl.formatMessage(m.lookalikeBody, { known: props.lookalike })}
      </p>
      {props.resolved ? <code className={styles.address}>{props.resolved}</code> : null}
      <div className={styles.modalActions}>
        <Button onClick={props.onContinue}>{intl.formatMessage(m.continue)}</Button>
        <Button variant="secondary" onClick={props.onCancel}>
          {intl.formatMessage(m.cancel)}
        </Button>
      </div>
    </Dialog>
  )
}

/** Review: amount, token and network, recipient, network cost; confirm, then sending (closable once sent). */
export function SendReviewDialog(props: {
  step: SendStep
  /** The wallet sent the transaction (the review may close while it is mined). */
  submitted: boolean
  amount: string
  symbol: string
  network: string
  resolved: string | null
  /** The recipient's name: the name typed, or a typed address's username or ENS name. */
  recipientName: string | null
  feeText: string
  onClose: () => void
  onConfirm: () => void
  onCloseWhileSending: () => void
  onCancel: () => void
}) {
  const intl = useIntl()
  return (
    <Dialog
      open={props.step === 'review' || props.step === 'sending'}
      onClose={props.onClose}
      label={intl.formatMessage(m.reviewTitle)}
      className={modalClassName}
      data-testid="send-review"
    >
      <h2>{intl.formatMessage(m.reviewTitle)}</h2>
      <p className={styles.reviewAmount}>
        {props.amount} {props.symbol} · {props.network}
      </p>
      <p>
        {intl.formatMessage(m.to)}{' '}
        {props.recipientName ? <strong data-testid="send-review-name">{props.recipientName} </strong> : null}
        <code className={styles.address}>{props.resolved}</code>
      </p>
      <p className={styles.muted}>
        {intl.formatMessage(m.networkCost)}: {props.feeText}
      </p>
      <div className={styles.modalActions}>
        <Button
          onClick={props.onConfirm}
          disabled={props.step === 'sending'}
          aria-busy={props.step === 'sending' || undefined}
          data-testid="send-confirm"
        >
          {intl.formatMessage(props.step === 'sending' ? m.sending : m.confirm)}
        </Button>
        {props.step === 'sending' && props.submitted ? (
          <Button variant="secondary" data-testid="send-review-close" onClick={props.onCloseWhileSending}>
            {intl.formatMessage(m.close)}
          </Button>
        ) : (
          <Button variant="secondary" disabled={props.step === 'sending'} onClick={props.onCancel}>
            {intl.formatMessage(m.cancel)}
          </Button>
        )}
      </div>
    </Dialog>
  )
}

/** The low-native-token info: the amount reaches the whole native balance. */
export function LowNativeDialog(props: {
  open: boolean
  symbol: string
  onClose: () => void
  onUnderstand: () => void
}) {
  const intl = useIntl()
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      label={intl.formatMessage(m.lowNativeTitle, { symbol: props.symbol })}
      className={modalClassName}
    >
      <h2>{intl.formatMessage(m.lowNativeTitle, { symbol: props.symbol })}</h2>
      <p>{intl.formatMessage(m.lowNativeBody, { symbol: props.symbol })}</p>
      <div className={styles.modalActions}>
        <Button onClick={props.onUnderstand}>{intl.formatMessage(m.understand)}</Button>
      </div>
    </Dialog>
  )
}
