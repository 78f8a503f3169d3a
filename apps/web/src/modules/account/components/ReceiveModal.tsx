import { useEffect, useMemo, useState } from 'react'
import { useIntl } from 'react-intl'
import { encode } from 'uqr'
import { findNetworkByChainId } from '../../config/index.ts'
import { ExchangeProviderList } from '../../fiat/index.ts'
import { Button, Dialog, modalClassName } from '../../ui/index.ts'
import { CopyButton, useWalletState } from '../../wallet/index.ts'
import styles from './AccountDrawer.module.css'
import { accountMessages as m } from './accountMessages.ts'

/** One SVG path of unit squares (no canvas, no inline style: strict CSP). */
function qrPath(text: string): { size: number; d: string } {
  const { size, data } = encode(text, { ecc: 'M', border: 2 })
  let d = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`
    })
  })
  return { size, d }
}

/**
 * The receive modal: default (the address with copy), QR code, and transfer from an exchange (the
 * exchanges the API's fiat module offers, for the wallet's current network; each opens its signed
 * withdrawal page).
 */
export function ReceiveModal(props: {
  address: string
  open: boolean
  /** The mode it opens in (the empty state's exchange action opens the exchange list). */
  initialMode?: 'default' | 'exchange'
  onClose: () => void
}) {
  const intl = useIntl()
  const [mode, setMode] = useState<'default' | 'qr' | 'exchange'>(props.initialMode ?? 'default')
  const initialMode = props.initialMode ?? 'default'
  useEffect(() => {
    if (props.open) setMode(initialMode)
  }, [props.open, initialMode])
  const chainId = useWalletState().chainId
  const network = findNetworkByChainId(chainId)?.slug ?? 'ethereum'
  const qr = useMemo(() => (mode === 'qr' ? qrPath(props.address) : null), [mode, props.address])
  const close = () => {
    setMode('default')
    props.onClose()
  }
  return (
    <Dialog
      open={props.open}
      onClose={close}
      label={intl.formatMessage(m.receiveTitle)}
      className={modalClassName}
    >
      <h2>{intl.formatMessage(m.receiveTitle)}</h2>
      <p className={styles.muted}>{intl.formatMessage(m.receiveBody)}</p>
      <code className={styles.address} data-testid="receive-address">
        {props.address}
      </code>
      {qr ? (
        <svg
          className={styles.qr}
          role="img"
          aria-label={intl.formatMessage(m.qrLabel)}
          viewBox={`0 0 ${qr.size} ${qr.size}`}
          shapeRendering="crispEdges"
        >
          <rect width={qr.size} height={qr.size} fill="#fff" />
          <path d={qr.d} fill="#000" />
        </svg>
      ) : null}
      {mode === 'exchange' ? <ExchangeProviderList walletAddress={props.address} network={network} /> : null}
      <div className={styles.modalActions}>
        <CopyButton text={props.address} className={styles.footerButton} label={intl.formatMessage(m.copy)} />
        {mode !== 'qr' ? (
          <Button variant="secondary" onClick={() => setMode('qr')}>
            {intl.formatMessage(m.showQr)}
          </Button>
        ) : null}
        {mode !== 'exchange' ? (
          <Button variant="secondary" onClick={() => setMode('exchange')}>
            {intl.formatMessage(m.fromExchange)}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={close}>
          {intl.formatMessage(m.close)}
        </Button>
      </div>
    </Dialog>
  )
}
