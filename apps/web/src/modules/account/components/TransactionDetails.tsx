import { explorerTransactionUrl } from '@oxbow/chains/explorer'
import { formatTokenAmount } from '@oxbow/core'
import { useQuery } from '@tanstack/react-query'
import { useIntl } from 'react-intl'
import { type Address, isAddressEqual } from 'viem'
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
 * current price) only when `account` sent it (paid the gas: not for a receive, a provider's payout
 * of a purchase or a filler's fill of an order), a provider fee where the row has one, and the hash
 * with copy and explorer link. An order with no transaction yet shows what its row knows.
 * Whatever cannot be read (malformed hash, unknown to the node, node down) shows the spec's
 * 'Cannot load transaction'.
 */
export default function TransactionDetails(props: {
  summary: ActivitySummary
  account: Address
  onClose: () => void
}) {
  const intl = useIntl()
  const { summary } = props
  const hash = summary.hash
  const { format } = useFiatFormatter()
  const network = findNetwork(summary.network)
  const details = useQuery({
    queryKey: ['account', 'txDetails', summary.network, hash?.toLowerCase()],
    queryFn: () => readTransactionDetails(rpcUrlFor(summary.network), hash ?? ''),
    enabled: hash !== null,
    retry: false,
    // a mined transaction does not change; one in the mempool is looked at again
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => (query.state.data && !query.state.data.mined ? 3_000 : false),
  })
  // the account paid the network cost only for a transaction it sent
  const paidGas = details.data !== undefined && isAddressEqual(details.data.from, props.account)
  const price = useQuery({
    queryKey: ['account', 'nativePrice', summary.network],
    queryFn: ({ signal }) => fetchNativePriceUsd(getRuntimeConfig().graphqlUrl, summary.network, signal),
    enabled: paidGas && details.data?.mined === true,
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
      <div
        data-testid="tx-details"
        data-tx={hash ?? undefined}
        data-state={hash === null ? 'none' : details.status}
      >
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
            {hash !== null && (details.isPending || paidGas) ? (
              <>
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
              </>
            ) : null}
            {summary.providerFee ? (
              <>
                <dt>{intl.formatMessage(dm.providerFee)}</dt>
                <dd data-testid="tx-details-provider-fee">{summary.providerFee}</dd>
              </>
            ) : null}
            {hash !== null ? (
              <>
                <dt>{intl.formatMessage(dm.hash)}</dt>
                <dd>
                  <code className={styles.address} data-testid="tx-details-hash">
                    {hash}
                  </code>
                </dd>
              </>
            ) : null}
          </dl>
        )}
      </div>
      <div className={styles.modalActions}>
        {details.isError || hash === null ? null : (
          <CopyButton
            text={hash}
            className={styles.footerButton}
            label={intl.formatMessage(dm.copyHash)}
            testId="tx-details-copy"
          />
        )}
        {!details.isError && hash !== null && network?.explorer ? (
          <a
            href={explorerTransactionUrl(network.explorer, hash)}
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
