import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import * as z from 'zod/mini'
import { servedNetworks } from '../../../lib/indexedNetworks.ts'
import { findNetwork, getNetworks, getRuntimeConfig, type NetworkInfo } from '../../config/index.ts'
import { callApi } from '../../swap/index.ts'
import { Button, SkeletonRows } from '../../ui/index.ts'
import {
  addPendingTransaction,
  loadWalletRuntime,
  resolvePendingTransaction,
  usePendingTransactions,
} from '../../wallet/index.ts'
import { type SmartWalletStatus, smartWalletStatus } from '../services/smartWallet.ts'
import { useAccountSettings } from '../state/accountSettings.ts'
import styles from './AccountDrawer.module.css'
import { accountMessages as m } from './accountMessages.ts'
import { smartWalletMessages as sm } from './smartWalletMessages.ts'

const detail = z.object({
  currentDelegationAddress: z.nullable(z.string()),
  isWalletDelegatedToProvider: z.boolean(),
})
const delegationAnswer = z.object({
  delegationDetails: z.record(z.string(), z.record(z.string(), detail)),
})

const statusLabel = {
  active: sm.active,
  inactive: sm.inactive,
  unavailable: sm.unavailable,
  actionRequired: sm.actionRequired,
} as const

/**
 * The smart-wallet setting: per network, the spec's state (active, inactive, unavailable, action
 * required) from the trading service's delegation check and the wallet's atomic-batching
 * capability, with Upgrade (an EIP-7702 delegation to our delegate) and Remove delegation where the
 * wallet lets the app set it (the wallets that sign in the page). Both are transactions: pending in
 * Activity and toasts like any other. A failed check counts as not delegated (spec section 8).
 */
export default function SmartWalletView(props: { address: `0x${string}` }) {
  const intl = useIntl()
  const queryClient = useQueryClient()
  const { testnetMode } = useAccountSettings()
  // The networks this deployment runs (those the indexer serves), mainnets or testnets per the setting.
  const served = useQuery({
    queryKey: ['account', 'servedNetworks', testnetMode],
    queryFn: () =>
      servedNetworks(
        getRuntimeConfig().graphqlUrl,
        getNetworks(testnetMode).map((network) => network.slug),
      ),
    staleTime: 60_000,
  })
  const networks = (served.data ?? [])
    .map((slug) => findNetwork(slug))
    .filter((network): network is NetworkInfo => network !== undefined)
  const chainIds = networks.map((network) => network.chainId)
  const pending = usePendingTransactions(props.address)
  const [failed, setFailed] = useState<number | null>(null)
  const delegation = useQuery({
    queryKey: ['wallet', 'delegation', props.address.toLowerCase(), chainIds],
    queryFn: () =>
      callApi('/v1/wallet/check_delegation', delegationAnswer, {
        method: 'POST',
        body: { walletAddresses: [props.address], chainIds },
      }).then(
        (answer) =>
          Object.entries(answer.delegationDetails).find(
            ([address]) => address.toLowerCase() === props.address.toLowerCase(),
          )?.[1] ?? {},
        (error: unknown): Record<string, z.infer<typeof detail>> => {
          console.warn('delegation check failed; treated as not delegated', error)
          return {}
        },
      ),
    enabled: chainIds.length > 0,
    staleTime: 10_000,
  })
  const wallet = useQuery({
    queryKey: ['wallet', 'delegationControl', props.address.toLowerCase()],
    queryFn: async () => (await loadWalletRuntime()).canSetDelegation(),
  })
  const capabilities = useQuery({
    queryKey: ['wallet', 'atomicBatching', props.address.toLowerCase(), 'all', chainIds],
    queryFn: async () => {
      const runtime = await loadWalletRuntime()
      const entries = await Promise.all(
        chainIds.map(async (id) => [id, await runtime.atomicBatching(id)] as const),
      )
      return Object.fromEntries(entries)
    },
    enabled: chainIds.length > 0,
    staleTime: 10_000,
  })

  const change = async (chainId: number, enabled: boolean) => {
    setFailed(null)
    const runtime = await loadWalletRuntime()
    try {
      const hash = await runtime.setDelegation(chainId, enabled)
      addPendingTransaction(props.address, {
        hash,
        chainId,
        kind: enabled ? 'delegate' : 'removeDelegation',
        addedAt: Date.now(),
      })
      const outcome = await runtime.waitForTransaction(chainId, hash)
      resolvePendingTransaction(props.address, hash, outcome.status)
      if (outcome.status !== 'success') setFailed(chainId)
    } catch (error) {
      console.warn('smart wallet change failed', error)
      setFailed(chainId)
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['wallet'] })
    }
  }

  const loading =
    served.isPending ||
    wallet.isPending ||
    (chainIds.length > 0 && (delegation.isPending || capabilities.isPending))
  return (
    <div className={styles.settings} data-testid="smart-wallet-view">
      <p className={styles.muted}>{intl.formatMessage(sm.hint)}</p>
      {wallet.data === false ? (
        <p className={styles.muted}>{intl.formatMessage(sm.managedByWallet)}</p>
      ) : null}
      {loading ? (
        <SkeletonRows count={networks.length || 1} label={intl.formatMessage(m.loading)} />
      ) : (
        <ul className={styles.rows}>
          {networks.map((network) => {
            const status: SmartWalletStatus = smartWalletStatus({
              networkBatching: network.batching === true,
              detail: delegation.data?.[String(network.chainId)] ?? null,
              batching: capabilities.data?.[network.chainId] ?? 'unsupported',
              canSetDelegation: wallet.data === true,
            })
            const busy = pending.some(
              (tx) =>
                tx.chainId === network.chainId && (tx.kind === 'delegate' || tx.kind === 'removeDelegation'),
            )
            const action =
              wallet.data !== true
                ? null
                : status === 'active'
                  ? 'remove'
                  : status === 'inactive' || status === 'actionRequired'
                    ? 'upgrade'
                    : null
            return (
              <li
                key={network.slug}
                className={styles.row}
                data-network={network.slug}
                data-status={status}
                data-testid="smart-wallet-network"
              >
                <span className={styles.rowMain}>
                  <strong>{network.name}</strong>
                  <span className={styles.muted} data-testid="smart-wallet-status">
                    {intl.formatMessage(statusLabel[status])}
                    {status === 'actionRequired' ? ` · ${intl.formatMessage(sm.actionRequiredHint)}` : ''}
                  </span>
                  {failed === network.chainId ? (
                    <span className={styles.txError} role="alert">
                      {intl.formatMessage(sm.failed)}
                    </span>
                  ) : null}
                </span>
                {action ? (
                  <Button
                    variant="secondary"
                    disabled={busy}
                    aria-busy={busy || undefined}
                    data-testid={`smart-wallet-${action}`}
                    onClick={() => void change(network.chainId, action === 'upgrade')}
                  >
                    {intl.formatMessage(action === 'upgrade' ? sm.upgrade : sm.remove)}
                  </Button>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
