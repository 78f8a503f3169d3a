/** The token selector's safety explanation, confirmation view and import row (with its on-chain lookup). */
import { shortenAddress } from '@oxbow/core'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef } from 'react'
import { useIntl } from 'react-intl'
import { networkName } from '../../config/index.ts'
import type { SwapToken } from '../hooks/useTokenList.ts'
import { type Erc20Metadata, RpcError, readErc20Metadata } from '../services/rpc.ts'
import { validateImportedToken } from '../state/importedTokens.ts'
import styles from './TokenSelector.module.css'
import type { SafetyLevel } from './TokenSelectorModel.ts'

import { levelExplanation, levelLabel, tokenSelectorMessages as m } from './tokenSelectorMessages.ts'

export function Explanation({ token, level }: { token: SwapToken; level: SafetyLevel }) {
  const intl = useIntl()
  if (level === 'verified') return null
  const fee =
    token.transferFeeBps > 0
      ? intl.formatMessage(m.explainFee, {
          fee: intl.formatNumber(token.transferFeeBps / 10_000, {
            style: 'percent',
            maximumFractionDigits: 2,
          }),
        })
      : ''
  return (
    <span className={styles.explanation} data-level={level}>
      {intl.formatMessage(levelExplanation[level])}
      {fee ? ` ${fee}` : ''}
    </span>
  )
}

export function ConfirmView(props: {
  title: string
  token: SwapToken
  level: SafetyLevel
  confirmLabel: string
  confirmTestId: string
  onBack: () => void
  onConfirm: () => void
  children: ReactNode
}) {
  const intl = useIntl()
  const backRef = useRef<HTMLButtonElement>(null)
  // Focus goes to Back, not to the risky action: Enter does not confirm by accident.
  useEffect(() => backRef.current?.focus(), [])
  return (
    <div className={styles.confirm}>
      <h3 className={styles.confirmTitle}>
        {props.title}
        {props.level !== 'verified' ? (
          <span className={styles.badge} data-testid="token-warning" data-level={props.level}>
            {intl.formatMessage(levelLabel[props.level])}
          </span>
        ) : null}
      </h3>
      <div className={styles.confirmToken}>
        <span className={styles.symbol}>{props.token.symbol}</span>
        <span className={styles.name}>{props.token.name}</span>
        <code className={styles.address}>{props.token.address}</code>
      </div>
      {props.children}
      <div className={styles.actions}>
        <button ref={backRef} type="button" className={styles.secondary} onClick={props.onBack}>
          {intl.formatMessage(m.back)}
        </button>
        <button
          type="button"
          className={styles.danger}
          data-testid={props.confirmTestId}
          onClick={props.onConfirm}
        >
          {props.confirmLabel}
        </button>
      </div>
    </div>
  )
}

/** Reads an unlisted address's token metadata on chain (for the import row); idle without an address. */
export function useImportLookup(chain: string, address: string | undefined) {
  const lookup = useQuery({
    queryKey: ['erc20Metadata', chain, address?.toLowerCase()],
    queryFn: ({ signal }) => readErc20Metadata(chain, address ?? '', { signal }),
    enabled: address !== undefined,
    staleTime: 60_000,
    retry: false,
  })
  // Cached lookups are restored from storage on start: checked again, with the import's own rules.
  return { lookup, metadata: lookup.isSuccess ? validateImportedToken(lookup.data) : undefined }
}

export function ImportRow(props: {
  chain: string
  lookup: ReturnType<typeof useImportLookup>['lookup']
  metadata: Erc20Metadata | undefined
  onImport: (metadata: Erc20Metadata) => void
}) {
  const intl = useIntl()
  const { lookup, metadata } = props
  if (lookup.isPending) return <p className={styles.state}>{intl.formatMessage(m.lookingUp)}</p>
  if (lookup.isError) {
    const notToken =
      lookup.error instanceof RpcError &&
      (lookup.error.code === 'NOT_A_CONTRACT' || lookup.error.code === 'NOT_A_TOKEN')
    return (
      <div className={styles.state} role="alert">
        {notToken ? (
          <span>{intl.formatMessage(m.notToken, { network: networkName(props.chain) })}</span>
        ) : (
          <>
            <span>{intl.formatMessage(m.readFailed)}</span>
            <button type="button" className={styles.retry} onClick={() => void lookup.refetch()}>
              {intl.formatMessage(m.retry)}
            </button>
          </>
        )}
      </div>
    )
  }
  if (!metadata) return <p className={styles.state}>{intl.formatMessage(m.readFailed)}</p>
  return (
    <div className={styles.importRow}>
      <span className={styles.logo} aria-hidden="true">
        {Array.from(metadata.symbol)[0] ?? '?'}
      </span>
      <span className={styles.info}>
        <span className={styles.line}>
          <span className={styles.symbol}>{metadata.symbol}</span>
          <span className={styles.badge} data-level="unverified">
            {intl.formatMessage(m.unverified)}
          </span>
        </span>
        <span className={styles.name}>
          {metadata.name} · {shortenAddress(metadata.address)}
        </span>
      </span>
      <button
        type="button"
        className={styles.importButton}
        data-testid="token-import"
        onClick={() => props.onImport(metadata)}
      >
        {intl.formatMessage(m.importButton)}
      </button>
    </div>
  )
}
