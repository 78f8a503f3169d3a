import { type FormEvent, useState } from 'react'
import { useIntl } from 'react-intl'
import { Button, Dialog, modalClassName } from '../../ui/index.ts'
import { type NftReportReason, nftReportReasons, reportNft } from '../services/nftReport.ts'
import styles from './Nfts.module.css'
import { nm } from './nftMessages.ts'

const reasonMessages = {
  spam: nm.reportSpam,
  scam: nm.reportScam,
  offensive: nm.reportOffensive,
  stolen: nm.reportStolen,
} as const satisfies Record<NftReportReason, unknown>

type Status = 'idle' | 'sending' | 'sent' | 'failed'

/**
 * The NFT detail's report action: a button opening a small dialog with the API's fixed reasons;
 * submitting stores the report (POST /v1/nfts/reports), then a confirmation, or on any failure the
 * spec's 'Could not report NFT. Try again later.' with the form left to try again.
 */
export function NftReportButton({
  network,
  contractAddress,
  tokenId,
}: {
  network: string
  contractAddress: string
  tokenId: string
}) {
  const intl = useIntl()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState<NftReportReason | null>(null)
  const [status, setStatus] = useState<Status>('idle')
  const close = () => {
    setOpen(false)
    setReason(null)
    setStatus('idle')
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!reason || status === 'sending') return
    setStatus('sending')
    try {
      await reportNft({ network, contractAddress, tokenId, reason })
      setStatus('sent')
    } catch {
      setStatus('failed')
    }
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="nft-report">
        {intl.formatMessage(nm.report)}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        label={intl.formatMessage(nm.reportTitle)}
        className={modalClassName}
        data-testid="nft-report-dialog"
      >
        <h2 className={styles.reportTitle}>{intl.formatMessage(nm.reportTitle)}</h2>
        {status === 'sent' ? (
          <p role="status" data-testid="nft-report-sent">
            {intl.formatMessage(nm.reportSent)}
          </p>
        ) : (
          <form onSubmit={(event) => void submit(event)} className={styles.reportForm}>
            <fieldset>
              <legend>{intl.formatMessage(nm.reportReason)}</legend>
              {nftReportReasons.map((value) => (
                <label key={value} className={styles.reportReason}>
                  <input
                    type="radio"
                    name="nft-report-reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                  />
                  {intl.formatMessage(reasonMessages[value])}
                </label>
              ))}
            </fieldset>
            {status === 'failed' ? (
              <p role="alert" className={styles.reportError} data-testid="nft-report-error">
                {intl.formatMessage(nm.reportFailed)}
              </p>
            ) : null}
            <Button type="submit" disabled={!reason || status === 'sending'}>
              {intl.formatMessage(nm.reportSubmit)}
            </Button>
          </form>
        )}
        <Button variant="secondary" onClick={close}>
          {intl.formatMessage(nm.close)}
        </Button>
      </Dialog>
    </>
  )
}
