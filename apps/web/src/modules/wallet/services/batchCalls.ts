import { type Config, getConnection } from '@wagmi/core'
import { type EIP1193RequestFn, isHex, numberToHex } from 'viem'
import { PASSKEY_WALLET_ID } from '../state/embeddedWallet.ts'
import { LOCAL_WALLET_ID, SET_DELEGATION_METHOD } from './localWallet.ts'
import { asWalletError, RECEIPT_TIMEOUT_MS, sleep } from './transactions.ts'
import type { Hex, TransactionOutcome, WalletActions } from './walletActions.ts'
import { firstLine, WalletActionError } from './walletErrors.ts'

/** A connector's EIP-1193 provider, as far as batching needs it. */
type Eip1193 = { request: EIP1193RequestFn }

/** The batching actions of the runtime, over its wagmi config and receipt wait. */
export function createBatchActions(
  config: Config,
  environment: 'local' | 'mainnet',
  waitForTransaction: (
    chainId: number,
    hash: Hex,
    options?: { timeoutMs?: number; pollMs?: number },
  ) => Promise<TransactionOutcome>,
): Pick<
  WalletActions,
  'atomicBatching' | 'sendCalls' | 'waitForCalls' | 'canSetDelegation' | 'setDelegation'
> {
  return {
    canSetDelegation() {
      const id = getConnection(config).connector?.id
      return id === LOCAL_WALLET_ID || id === PASSKEY_WALLET_ID
    },
    async setDelegation(chainId, enabled) {
      try {
        const { connector } = getConnection(config)
        const id = connector?.id
        if (!connector || (id !== LOCAL_WALLET_ID && id !== PASSKEY_WALLET_ID))
          throw new WalletActionError('unknown', 'This wallet manages its smart-wallet delegation itself')
        const provider = (await connector.getProvider()) as Eip1193
        const hash = await provider.request({
          method: SET_DELEGATION_METHOD as 'eth_sendTransaction',
          params: [{ chainId: numberToHex(chainId), enabled }] as never,
        })
        if (typeof hash !== 'string' || !isHex(hash))
          throw new WalletActionError('unknown', 'No transaction hash')
        return hash
      } catch (error) {
        return asWalletError(error)
      }
    },
    async atomicBatching(chainId) {
      try {
        const { connector, address } = getConnection(config)
        if (!connector || !address) return 'unsupported'
        const provider = (await connector.getProvider()) as Eip1193 | undefined
        if (!provider) return 'unsupported'
        const answer = (await provider.request({
          method: 'wallet_getCapabilities',
          params: [address, [numberToHex(chainId)]],
        })) as Record<string, { atomic?: { status?: unknown } } | undefined> | undefined
        const status = answer?.[numberToHex(chainId)]?.atomic?.status
        return status === 'supported' || status === 'ready' ? status : 'unsupported'
      } catch (error) {
        // The spec: a capabilities failure is logged and treated as unsupported.
        console.warn('wallet_getCapabilities failed; batching treated as unsupported', firstLine(error))
        return 'unsupported'
      }
    },
    async sendCalls(request) {
      try {
        const { connector, address } = getConnection(config)
        if (!connector || !address) throw new WalletActionError('unknown', 'No wallet connected')
        const provider = (await connector.getProvider()) as Eip1193
        const answer = (await provider.request({
          method: 'wallet_sendCalls',
          params: [
            {
              version: '2.0.0',
              chainId: numberToHex(request.chainId),
              from: address,
              atomicRequired: true,
              calls: request.calls.map((call) => ({
                to: call.to,
                data: call.data,
                value: numberToHex(call.value),
              })),
            },
          ],
        })) as { id?: unknown } | string
        const id = typeof answer === 'string' ? answer : answer?.id
        if (typeof id !== 'string' || id.length === 0 || id.length > 200) {
          throw new WalletActionError('unknown', 'wallet_sendCalls returned no bundle id')
        }
        return id
      } catch (error) {
        return asWalletError(error)
      }
    },
    async waitForCalls(chainId, id, options) {
      try {
        const { connector } = getConnection(config)
        if (!connector) throw new WalletActionError('unknown', 'No wallet connected')
        const provider = (await connector.getProvider()) as Eip1193
        const pollMs = options?.pollMs ?? (environment === 'local' ? 100 : 1000)
        const giveUpAt = Date.now() + (options?.timeoutMs ?? RECEIPT_TIMEOUT_MS)
        for (;;) {
          const status = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as {
            status?: unknown
            receipts?: readonly { transactionHash?: unknown }[]
          }
          const hash = status.receipts?.[0]?.transactionHash
          if (
            typeof status.status === 'number' &&
            status.status >= 200 &&
            typeof hash === 'string' &&
            isHex(hash)
          ) {
            const outcome = await waitForTransaction(chainId, hash, options)
            return { ...outcome, hash }
          }
          if (typeof status.status === 'number' && status.status >= 400 && !hash) {
            throw new WalletActionError('unknown', `The wallet could not send the batch (${status.status})`)
          }
          if (Date.now() + pollMs > giveUpAt)
            throw new WalletActionError('timeout', 'The batch was not mined in time')
          await sleep(pollMs)
        }
      } catch (error) {
        return asWalletError(error)
      }
    },
  }
}
