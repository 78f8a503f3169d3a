/**
 * The WalletConnect pairing view: the URI as a QR code for a phone wallet, a Copy button for a
 * desktop one, and the URI text. Its own chunk (with the QR encoder), loaded only once WalletConnect
 * announced a URI.
 */
import { useMemo } from 'react'
import { useIntl } from 'react-intl'
import { encode } from 'uqr'
import { CopyButton } from './CopyButton.tsx'
import { walletMessages as m } from './messages.ts'
import styles from './Wallet.module.css'

/** One SVG path of unit squares: a few kilobytes of markup, no canvas, no inline style (strict CSP). */
function qrPath(uri: string): { size: number; d: string } {
  const { size, data } = encode(uri, { ecc: 'L', border: 2 })
  let d = ''
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`
    })
  })
  return { size, d }
}

export default function WalletConnectPairing(props: { uri: string }) {
  const intl = useIntl()
  const qr = useMemo(() => qrPath(props.uri), [props.uri])
  const label = intl.formatMessage(m.walletConnectScan)
  return (
    <div className={styles.pairing}>
      <p className={styles.muted}>{label}</p>
      <svg
        className={styles.qr}
        role="img"
        aria-label={label}
        viewBox={`0 0 ${qr.size} ${qr.size}`}
        shapeRendering="crispEdges"
      >
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.d} fill="#000" />
      </svg>
      <CopyButton
        text={props.uri}
        className={styles.wallet}
        label={intl.formatMessage(m.walletConnectCopy)}
      />
      <code className={styles.pairingUri} data-testid="walletconnect-uri">
        {props.uri}
      </code>
    </div>
  )
}
