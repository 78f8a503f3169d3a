/**
 * A thin JSON-RPC layer for building state fast: transactions go through anvil's unlocked or
 * impersonated accounts (`eth_sendTransaction`, signed by anvil, no estimateGas round trip), and
 * receipts are checked in batches at the end of each phase.
 */
import { CoreError } from '@oxbow/core'
import {
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  toHex,
} from 'viem'

/** A JSON-RPC call to anvil failed, or a seed transaction reverted or was not mined. */
export class RpcError extends CoreError {
  override readonly name = 'RpcError'
  constructor(shortMessage: string) {
    super(shortMessage, { code: 'DEVNET_RPC' })
  }
}

let nextId = 1

export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string; data?: unknown } }
  if (body.error) {
    const data = typeof body.error.data === 'string' ? ` (${body.error.data})` : ''
    throw new RpcError(`${method}: ${body.error.message}${data}`)
  }
  return body.result as T
}

export async function rpcBatch<T>(
  url: string,
  calls: readonly { method: string; params: unknown[] }[],
): Promise<T[]> {
  if (calls.length === 0) return []
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((call, i) => ({ jsonrpc: '2.0', id: i, ...call }))),
  })
  const bodies = (await response.json()) as { id: number; result?: T; error?: { message: string } }[]
  const results: T[] = new Array(calls.length)
  for (const body of bodies) {
    if (body.error) throw new RpcError(`${calls[body.id]?.method}: ${body.error.message}`)
    results[body.id] = body.result as T
  }
  return results
}

interface Pending {
  readonly hash: Hex
  readonly label: string
}

export interface SendRequest {
  readonly to?: Address
  readonly data?: Hex
  readonly value?: bigint
  readonly gas?: bigint
}

/** How long `check` waits for the receipts of sent transactions. */
const RECEIPT_WAIT_MS = 60_000

/** Sends transactions to one node, tracking nonces locally so deploy addresses are known up front. */
export class Sender {
  private readonly nonces = new Map<Address, number>()
  private pending: Pending[] = []
  txCount = 0

  constructor(readonly rpcUrl: string) {}

  request<T>(method: string, params: unknown[] = []): Promise<T> {
    return rpc<T>(this.rpcUrl, method, params)
  }

  private async nonce(from: Address): Promise<number> {
    let nonce = this.nonces.get(from)
    if (nonce === undefined) {
      nonce = Number.parseInt(await this.request<Hex>('eth_getTransactionCount', [from, 'latest']), 16)
    }
    return nonce
  }

  async send(from: Address, tx: SendRequest, label: string): Promise<Hex> {
    const nonce = await this.nonce(from)
    const hash = await this.request<Hex>('eth_sendTransaction', [
      {
        from,
        ...(tx.to ? { to: tx.to } : {}),
        data: tx.data ?? '0x',
        value: toHex(tx.value ?? 0n),
        gas: toHex(tx.gas ?? 3_000_000n),
        nonce: toHex(nonce),
      },
    ])
    this.nonces.set(from, nonce + 1)
    this.pending.push({ hash, label })
    this.txCount++
    return hash
  }

  async deploy(from: Address, bytecode: Hex, label: string, gas = 12_000_000n): Promise<Address> {
    const nonce = await this.nonce(from)
    await this.send(from, { data: bytecode, gas }, `deploy ${label}`)
    return getContractAddress({ from, nonce: BigInt(nonce) })
  }

  write<const abi extends Abi, name extends ContractFunctionName<abi, 'nonpayable' | 'payable'>>(
    from: Address,
    call: {
      address: Address
      abi: abi
      functionName: name
      args: ContractFunctionArgs<abi, 'nonpayable' | 'payable', name>
      value?: bigint
      gas?: bigint
    },
    label?: string,
  ): Promise<Hex> {
    const data = encodeFunctionData({
      abi: call.abi,
      functionName: call.functionName,
      args: call.args,
    } as never)
    return this.send(
      from,
      {
        to: call.address,
        data,
        ...(call.value ? { value: call.value } : {}),
        ...(call.gas ? { gas: call.gas } : {}),
      },
      label ?? String(call.functionName),
    )
  }

  /** Fetches every receipt sent since the last check; throws naming the first failed transaction. */
  async check(): Promise<void> {
    let pending = this.pending
    this.pending = []
    // anvil answers eth_sendTransaction before it has mined the block: retry missing receipts, for
    // a time rather than a count (a node starved of CPU by parallel suites took over a second).
    const giveUpAt = Date.now() + RECEIPT_WAIT_MS
    while (pending.length > 0) {
      const missing: Pending[] = []
      for (let i = 0; i < pending.length; i += 200) {
        const chunk = pending.slice(i, i + 200)
        const receipts = await rpcBatch<{ status: Hex } | null>(
          this.rpcUrl,
          chunk.map((p) => ({ method: 'eth_getTransactionReceipt', params: [p.hash] })),
        )
        receipts.forEach((receipt, j) => {
          const tx = chunk[j] as Pending
          if (!receipt) missing.push(tx)
          else if (receipt.status !== '0x1')
            throw new RpcError(`transaction "${tx.label}" reverted (${tx.hash})`)
        })
      }
      if (missing.length > 0 && Date.now() > giveUpAt) {
        throw new RpcError(`transaction "${missing[0]?.label}" was not mined`)
      }
      pending = missing
      if (missing.length > 0) await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
}
