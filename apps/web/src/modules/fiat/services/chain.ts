import { getRuntimeConfig } from '../../config/index.ts'

const pad = (hex: string) => hex.replace(/^0x/, '').toLowerCase().padStart(64, '0')

/** ERC-20 `transfer(to, amount)` calldata. */
export function transferCalldata(to: string, amount: bigint): `0x${string}` {
  return `0xa9059cbb${pad(to)}${pad(amount.toString(16))}`
}

/** Balance of `owner` (native when `token` is null) read from the network's RPC. */
export async function readBalance(network: string, token: string | null, owner: string): Promise<bigint> {
  const url = getRuntimeConfig().rpcUrls[network]
  if (!url) throw new Error(`no RPC for ${network}`)
  const request =
    token === null
      ? { method: 'eth_getBalance', params: [owner, 'latest'] }
      : { method: 'eth_call', params: [{ to: token, data: `0x70a08231${pad(owner)}` }, 'latest'] }
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...request }),
  })
  const body = (await response.json()) as { result?: unknown }
  if (typeof body.result !== 'string' || !/^0x[0-9a-fA-F]*$/.test(body.result))
    throw new Error('bad RPC answer')
  return body.result === '0x' ? 0n : BigInt(body.result)
}

/** Base units as a decimal string with at most `shown` fraction digits. */
export function formatUnits(value: bigint, decimals: number, shown = 6): string {
  const base = 10n ** BigInt(decimals)
  const whole = value / base
  const fraction = (value % base).toString().padStart(decimals, '0').slice(0, shown).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole.toString()
}
