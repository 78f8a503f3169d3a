/**
 * Who a swap may pay out to: the addresses it must never send funds to (reserved addresses, the
 * protocol's own contracts, pools and tokens) and contracts that answer like a token or a pool.
 */
import { reservedAddressKind } from '@oxbow/core'
import { type NetworkDeployment, PERMIT2_ADDRESS } from '@oxbow/protocol'
import type { Address, PublicClient } from 'viem'
import { ApiError } from '../errors.ts'

/**
 * Why a swap may not pay out to (or be sent from) `address`, or undefined if it may: the zero
 * address, precompiles and other reserved low addresses (core's `reservedAddressKind`), and the
 * protocol's own contracts, pools, hooks and tokens (`refused`: {@link refusedAddresses} of the
 * deployment's manifest). Other contracts (smart wallets) are fine.
 */
export function addressProblem(
  refused: Map<string, string> | undefined,
  address: Address,
): string | undefined {
  const reserved = reservedAddressKind(address)
  if (reserved === 'zero') return 'the zero address: funds sent there are lost'
  if (reserved === 'precompile') return 'a precompile or reserved address: funds sent there are lost'
  const known = refused?.get(address.toLowerCase())
  return known === undefined ? undefined : `${known}: funds sent there are stranded`
}

/** A network's contracts, pools and tokens by lowercase address, each with what it is. */
export function refusedAddresses(deployment: NetworkDeployment): Map<string, string> {
  const out = new Map<string, string>()
  const add = (address: string, what: string) => out.set(address.toLowerCase(), what)
  add(PERMIT2_ADDRESS, 'the Permit2 contract')
  for (const [name, address] of Object.entries(deployment.contracts)) add(address, `the ${name} contract`)
  for (const [name, address] of Object.entries(deployment.hooks)) add(address, `the ${name} hook contract`)
  for (const pool of deployment.pools) if (pool.version !== 'v4') add(pool.address, `a ${pool.version} pool`)
  for (const t of deployment.tokens) add(t.address, `the ${t.symbol} token contract`)
  for (const c of deployment.nftCollections) add(c.address, `the ${c.name} NFT contract`)
  return out
}

/**
 * A contract recipient the manifest does not know, looked at on chain: one that answers like an
 * ERC-20 token (`totalSupply` and `balanceOf`) or a v2/v3 pool (`token0`) would strand what it
 * receives, so it is refused as the known ones are. Any other contract (a smart wallet, a
 * Safe, an EIP-7702 delegated account) may receive. One `eth_getCode`, and two calls only for a
 * contract; on a node failure the recipient passes (the manifest check already ran).
 */
export async function checkContractRecipient(client: PublicClient, recipient: Address): Promise<void> {
  const code = await client.getCode({ address: recipient }).catch(() => undefined)
  // no code (an EOA) or an EIP-7702 delegation designator (0xef0100 + address): an account
  if (code === undefined || code === '0x' || code.toLowerCase().startsWith('0xef0100')) return
  const answers = (functionName: 'totalSupply' | 'token0') =>
    client.readContract({ address: recipient, abi: probeAbi, functionName }).then(
      () => true,
      () => false,
    )
  const balance = client
    .readContract({ address: recipient, abi: probeAbi, functionName: 'balanceOf', args: [recipient] })
    .then(
      () => true,
      () => false,
    )
  const [supply, holds, pool] = await Promise.all([answers('totalSupply'), balance, answers('token0')])
  const what = pool ? 'a pool contract' : supply && holds ? 'a token contract' : undefined
  if (what) {
    throw ApiError.spec('INVALID_RECIPIENT', [
      { path: 'recipient', message: `${what}: funds sent there are stranded` },
    ])
  }
}

/** The reads that tell a token or a pool from other contracts (see checkContractRecipient). */
const probeAbi = [
  {
    type: 'function',
    name: 'totalSupply',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ type: 'address' }],
    outputs: [{ type: 'uint256' }],
  },
  { type: 'function', name: 'token0', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
] as const
