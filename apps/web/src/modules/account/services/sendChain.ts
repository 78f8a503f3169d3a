import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import { rpcBatch, rpcUrlFor } from '../../swap/index.ts'

/** ERC-20 `transfer(address,uint256)`. */
const TRANSFER_SELECTOR = '0xa9059cbb'

export function isNativeToken(address: string): boolean {
  return address.toLowerCase() === NATIVE_CURRENCY_ADDRESS.toLowerCase()
}

/** The transaction that sends `amount` of `token` to `to`: a value transfer, or an ERC-20 transfer call. */
export function sendRequest(token: string, to: `0x${string}`, amount: bigint) {
  if (isNativeToken(token)) return { to, data: '0x' as `0x${string}`, value: amount }
  const data = `${TRANSFER_SELECTOR}${to.slice(2).toLowerCase().padStart(64, '0')}${amount
    .toString(16)
    .padStart(64, '0')}` as `0x${string}`
  return { to: token as `0x${string}`, data, value: 0n }
}

const hexToBigint = (value: unknown): bigint | null =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value) ? BigInt(value) : null

export interface SendChainState {
  /** Whether the recipient has code (the per-chain smart-contract check). */
  readonly isContract: boolean
  /** Estimated network fee in wei (gas estimate × gas price), null when it could not be estimated. */
  readonly fee: bigint | null
  readonly nativeBalance: bigint | null
  readonly tokenBalance: bigint | null
}

/**
 * One JSON-RPC batch: the recipient's code, the gas price, a gas estimate of the send, the native
 * balance and (for a token) the token balance of the sender.
 */
export async function readSendChainState(
  network: string,
  from: `0x${string}`,
  token: string,
  to: `0x${string}`,
  amount: bigint,
  signal?: AbortSignal,
): Promise<SendChainState> {
  const request = sendRequest(token, to, amount)
  const native = isNativeToken(token)
  const calls = [
    { method: 'eth_getCode', params: [to, 'latest'] },
    { method: 'eth_gasPrice', params: [] },
    {
      method: 'eth_estimateGas',
      params: [{ from, to: request.to, data: request.data, value: `0x${request.value.toString(16)}` }],
    },
    { method: 'eth_getBalance', params: [from, 'latest'] },
    ...(native
      ? []
      : [
          {
            method: 'eth_call',
            params: [
              { to: token, data: `0x70a08231${from.slice(2).toLowerCase().padStart(64, '0')}` },
              'latest',
            ],
          },
        ]),
  ]
  const [code, gasPrice, gas, balance, tokenBalance] = await rpcBatch(
    rpcUrlFor(network),
    calls,
    signal ? { signal } : {},
  )
  const codeHex = code?.ok && typeof code.result === 'string' ? code.result : '0x'
  const price = gasPrice?.ok ? hexToBigint(gasPrice.result) : null
  // A failed estimate (e.g. the amount exceeds the balance) falls back to a plain transfer's gas.
  const gasUsed = (gas?.ok ? hexToBigint(gas.result) : null) ?? (native ? 21_000n : 65_000n)
  const nativeBalance = balance?.ok ? hexToBigint(balance.result) : null
  return {
    isContract: codeHex !== '0x' && codeHex !== '0x0',
    fee: price === null ? null : price * gasUsed,
    nativeBalance,
    tokenBalance: native ? nativeBalance : tokenBalance?.ok ? hexToBigint(tokenBalance.result) : null,
  }
}
