import { explorerTransactionUrl } from '@oxbow/chains/explorer'
import { formatTokenAmount } from '@oxbow/core'
import { useQuery } from '@tanstack/react-query'
import { useIntl } from 'react-intl'
import { findNetwork, getRuntimeConfig, networkName } from '../../config/index.ts'
import { useFiatFormatter } from '../../currency/index.ts'
import { rpcUrlFor } from '../../swap/index.ts'
import { Button, Dialog, modalClassName } from '../../ui/index.ts'
import { CopyButton } from '../../wallet/index.ts'
import {
  type ActivitySummary,
  fetchNativePriceUsd,
  readTransactionDetails,
} from '../services/transactionDetails.ts'
import styles from './AccountDrawer.module.css'
import { accountMessages as m } from './accountMessages.ts'
import { detailsMessages as dm } from './detailsMessages.ts'
import { toastMessages } from './toastMessages.ts'

const NATIVE_DECIMALS = 18

/**
 * The details of an Activity row's transaction (its own lazy chunk, loaded on the first click):
 * type, status, network, time, token amounts, the network cost read from the receipt
 * (gasUsed × effectiveGasPrice, in the native token and the display currency at the indexer's
 * current price), a provider fee where the row has one, and the hash with copy and explorer link.
 * Whatever cannot be read (malformed hash, unknown to the node, node down) shows the spec's
 * 'Cannot load transaction'.
 */
export default function TransactionDetails(props: { summary: ActivitySummary; onClose: () => void }) {
  const intl = useIntl()
  const { summary } = props
  const { format } = useFiatFormatter()
  const network = findNetwork(summary.network)
  const details = useQuery({
    queryKey: ['account', 'txDetails', summary.network, summary.hash.toLowerCase()],
    queryFn: () => readTransactionDetails(rpcUrlFor(summary.network), summary.hash),
    retry: false,
    // a mined transaction does not change; one in the mempool is looked at again
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => (query.state.data && !query.state.data.mined ? 3_000 : false),
  })
  const price = useQuery({
    queryKey: ['account', 'nativePrice', summary.network],
    queryFn: ({ signal }) => fetchNativePriceUsd(getRuntimeConfig().graphqlUrl, summary.network, signal),
    enabled: details.data?.mined === true,
    staleTime: 30_000,
    retry: false,
  })
  const data = details.data
  const failed = summary.failed || (data?.mined === true && data.status === 'reverted')
  const at = data?.mined ? data.timestamp : summary.at
  const symbol = network?.nativeSymbol ?? ''
  const costUsd =
    data?.mined && typeof price.data === 'number'
      ? (Number(data.networkCostWei) / 10 ** NATIVE_DECIMALS) * price.data
      : null
  return (
    <Dialog open onClose={props.onClose} label={intl.formatMessage(dm.title)} className={modalClassName}>
      <h2>{intl.formatMessage(dm.title)}</h2>
      <div data-testid="tx-details" data-tx={summary.hash} data-state={details.status}>
        {details.isError ? (
          <p className={styles.sendError} role="alert" data-testid="tx-details-error">
            {intl.formatMessage(dm.cannotLoad)}
          </p>
        ) : (
          <dl className={styles.details}>
            <dt>{intl.formatMessage(dm.type)}</dt>
            <dd data-testid="tx-details-type">{summary.type}</dd>
            <dt>{intl.formatMessage(dm.status)}</dt>
            <dd data-testid="tx-details-status" className={failed ? styles.failedLabel : undefined}>
              {failed ? intl.formatMessage(m.statusFailed) : summary.status}
            </dd>
            <dt>{intl.formatMessage(dm.network)}</dt>
            <dd>{networkName(summary.network)}</dd>
            <dt>{intl.formatMessage(dm.time)}</dt>
            <dd data-testid="tx-details-time">
              {at === null ? '–' : intl.formatDate(at * 1000, { dateStyle: 'medium', timeStyle: 'short' })}
            </dd>
            {summary.changes.length > 0 ? (
              <>
                <dt>{intl.formatMessage(dm.amounts)}</dt>
                <dd data-testid="tx-details-amounts">
                  {summary.changes.map((change) => (
                    <div key={change}>{change}</div>
                  ))}
                </dd>
              </>
            ) : null}
            <dt>{intl.formatMessage(dm.networkCost)}</dt>
            <dd
              data-testid="tx-details-cost"
              data-wei={data?.mined ? data.networkCostWei.toString() : undefined}
            >
              {details.isPending
                ? '…'
                : data?.mined
                  ? `${formatTokenAmount(data.networkCostWei, NATIVE_DECIMALS, { locale: intl.locale })} ${symbol}${
                      costUsd === null ? '' : ` (${format(costUsd)})`
                    }`
                  : intl.formatMessage(dm.notMined)}
            </dd>
            {summary.providerFee ? (
              <>
                <dt>{intl.formatMessage(dm.providerFee)}</dt>
                <dd data-testid="tx-details-provider-fee">{summary.providerFee}</dd>
              </>
            ) : null}
            <dt>{intl.formatMessage(dm.hash)}</dt>
            <dd>
              <code className={styles.address} data-testid="tx-details-hash">
                {summary.hash}
              </code>
            </dd>
          </dl>
        )}
      </div>
      <div className={styles.modalActions}>
        {details.isError ? null : (
          <CopyButton
            text={summary.hash}
            className={styles.footerButton}
            label={intl.formatMessage(dm.copyHash)}
            testId="tx-details-copy"
          />
        )}
        {!details.isError && network?.explorer ? (
          <a
            href={explorerTransactionUrl(network.explorer, summary.hash)}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="tx-details-explorer"
          >
            {intl.formatMessage(toastMessages.viewOnExplorer, { explorer: network.explorer.name })}
          </a>
        ) : null}
        <Button variant="secondary" onClick={props.onClose}>
          {intl.formatMessage(m.close)}
        </Button>
      </div>
    </Dialog>
  )
}
