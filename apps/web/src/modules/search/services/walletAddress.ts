import * as z from 'zod/mini'

/** An EIP-7702 delegation designator (0xef0100 + the delegate): code on an account that is still a wallet. */
const DELEGATION = /^0xef0100[0-9a-fA-F]{40}$/
const codeAnswer = z.object({ result: z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/)) })

/** The code deployed at `address` on one network (eth_getCode at the latest block). */
async function codeAt(rpcUrl: string, address: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getCode', params: [address, 'latest'] }),
    ...(signal ? { signal } : {}),
  })
  if (!response.ok) throw new Error(`The node answered ${response.status}`)
  const body = codeAnswer.safeParse(await response.json())
  if (!body.success) throw new Error('Unexpected answer from the node')
  return body.data.result
}

/**
 * Whether `address` is a smart contract on any of the networks' nodes (the search modal offers a raw
 * address as a wallet only when it is not): code other than a 7702 delegation on one of them. Nodes
 * that cannot answer are left out; when none can, the answer is null (unknown).
 */
export async function isContractAddress(
  rpcUrls: readonly string[],
  address: string,
  signal?: AbortSignal,
): Promise<boolean | null> {
  const codes = await Promise.allSettled(rpcUrls.map((url) => codeAt(url, address, signal)))
  const read = codes.flatMap((code) => (code.status === 'fulfilled' ? [code.value] : []))
  if (read.length === 0) return null
  return read.some((code) => code !== '0x' && !DELEGATION.test(code))
}
