import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useIntl } from 'react-intl'
import { findNetwork } from '../../config/index.ts'
import { Button, Card } from '../../ui/index.ts'
import { loadWalletRuntime } from '../../wallet/index.ts'
import { formatUnits, transferCalldata } from '../services/chain.ts'
import { type FiatOrder, fetchFiatOrder, fetchTokenAddress, submitDeposit } from '../services/fiatApi.ts'
import styles from './Fiat.module.css'
import { fiatMessages as m } from './fiatMessages.ts'

const DECIMALS: Record<string, number> = { ETH: 18, USDC: 6 }

function useCountdown(order: FiatOrder | undefined): number | null {
  const [now, setNow] = useState(() => Date.now())
  const running = order !== undefined && order.status !== 'completed' && order.status !== 'failed'
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [running])
  if (!order?.etaSeconds || !running) return null
  const end = Date.parse(order.createdAt) + order.etaSeconds * 1000
  return Math.max(0, Math.round((end - now) / 1000))
}

/** The order after checkout: its status from the provider's webhooks, until the crypto arrives. */
export function FiatOrderProgress({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const intl = useIntl()
  const [sending, setSending] = useState(false)
  const [sendError, setSendError] = useState<string | null>(null)
  const order = useQuery({
    queryKey: ['fiat', 'order', orderId],
    queryFn: () => fetchFiatOrder(orderId),
    refetchInterval: (query) => {
      const status = query.state.data?.status
      return status === 'completed' || status === 'failed' ? false : 500
    },
  })
  const remaining = useCountdown(order.data)
  const data = order.data
  const amount =
    data?.cryptoAmount && data.crypto
      ? `${formatUnits(BigInt(data.cryptoAmount), DECIMALS[data.crypto] ?? 18)} ${data.crypto}`
      : ''

  async function deposit(o: FiatOrder) {
    if (!o.depositAddress || !o.cryptoAmount || !o.crypto) return
    setSending(true)
    setSendError(null)
    try {
      const chainId = findNetwork(o.network)?.chainId
      if (!chainId) throw new Error('unknown network')
      const runtime = await loadWalletRuntime()
      await runtime.switchNetwork(chainId)
      const amountUnits = BigInt(o.cryptoAmount)
      const token = o.crypto === 'ETH' ? null : await fetchTokenAddress(o.network, o.crypto)
      const hash = await runtime.sendTransaction(
        token === null
          ? { to: o.depositAddress as `0x${string}`, data: '0x', value: amountUnits, chainId }
          : { to: token, data: transferCalldata(o.depositAddress, amountUnits), value: 0n, chainId },
      )
      await runtime.waitForTransaction(chainId, hash)
      await submitDeposit(o.id, hash)
      await order.refetch()
    } catch (error) {
      setSendError(error instanceof Error ? error.message : String(error))
    } finally {
      setSending(false)
    }
  }

  const statusText = !data
    ? ''
    : data.status === 'created'
      ? intl.formatMessage(m.statusCreated)
      : data.status === 'waiting_for_deposit'
        ? intl.formatMessage(m.statusDeposit, { amount })
        : data.status === 'pending'
          ? intl.formatMessage(m.statusPending)
          : data.status === 'completed'
            ? intl.formatMessage(m.statusCompleted)
            : intl.formatMessage(m.statusFailed)
  // Minutes and seconds, in the reader's language ("1 min 30 sec").
  const time =
    remaining === null
      ? null
      : `${intl.formatNumber(Math.floor(remaining / 60), { style: 'unit', unit: 'minute' })} ${intl.formatNumber(
          remaining % 60,
          { style: 'unit', unit: 'second' },
        )}`

  return (
    <Card>
      <div className={styles.form} data-testid="fiat-order" data-status={data?.status ?? 'loading'}>
        <p role="status">{statusText}</p>
        {amount && data?.status !== 'waiting_for_deposit' && <p>{amount}</p>}
        {time && <p>{intl.formatMessage(m.eta, { time })}</p>}
        {data?.status === 'waiting_for_deposit' && (
          <Button type="button" disabled={sending} onClick={() => void deposit(data)}>
            {intl.formatMessage(m.sendDeposit, { symbol: data.crypto ?? '' })}
          </Button>
        )}
        {sendError && (
          <p role="alert" className={styles.error}>
            {sendError}
          </p>
        )}
        {(data?.status === 'completed' || data?.status === 'failed') && (
          <Button type="button" variant="secondary" onClick={onDone}>
            {intl.formatMessage(m.newOrder)}
          </Button>
        )}
      </div>
    </Card>
  )
}
