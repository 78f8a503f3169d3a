/**
 * EIP-7702 delegations: a type-4 transaction's authorizations set (to a contract) or clear (to the
 * zero address) the code of the accounts that signed them. They write no log and may move no
 * value, so no event source sees them: the Clock handler reads each block's transactions
 * (nativeTransfers.ts) and hands their authorizations here. Each authority whose code at the block
 * shows the authorization took effect gets a DELEGATE or REMOVE_DELEGATION activity row (the spec's
 * 'remove delegation'); an authorization the chain skipped (a stale nonce, another chain's) gets
 * none. A delegation carried by another call (a 1-click swap's) keeps the call's type.
 */
import { type Address, type Hex, type SignedAuthorization, zeroAddress } from 'viem'
import { recoverAuthorizationAddress } from 'viem/utils'
import { foldActivity } from './activity.ts'
import { type Db, type EventMeta, lower } from './store.ts'

/** The code an account delegated to `target` carries (EIP-7702's designator). */
const DELEGATION_PREFIX = '0xef0100'

export interface Delegation {
  readonly hash: Hex
  readonly from: Address
  readonly blockNumber: bigint
  readonly index: number
  readonly timestamp: number
  /** The signed authorization as the node returns it. */
  readonly authorization: SignedAuthorization
}

interface BlockTransaction {
  readonly hash: Hex
  readonly from: Address
  readonly transactionIndex: number
  readonly authorizationList?: readonly SignedAuthorization[] | undefined
}

/** The authorizations a block's transactions carry, in transaction order. */
export function delegationsOf(
  transactions: readonly BlockTransaction[],
  blockNumber: bigint,
  timestamp: number,
): Delegation[] {
  return transactions.flatMap((tx) =>
    (tx.authorizationList ?? []).map((authorization) => ({
      hash: tx.hash,
      from: tx.from,
      blockNumber,
      index: tx.transactionIndex,
      timestamp,
      authorization,
    })),
  )
}

interface CodeReader {
  getCode(args: { address: Address; blockNumber: bigint }): Promise<Hex | undefined>
}

/** Records one authorization as its authority's activity, when the chain applied it. */
export async function recordDelegation(
  db: Db,
  client: CodeReader,
  chainId: number,
  delegation: Delegation,
): Promise<void> {
  const { authorization } = delegation
  if (authorization.chainId !== 0 && authorization.chainId !== chainId) return
  let authority: Address
  try {
    authority = await recoverAuthorizationAddress({ authorization })
  } catch {
    return
  }
  const code = await client
    .getCode({ address: authority, blockNumber: delegation.blockNumber })
    .catch(() => null)
  if (code === null) return
  const removing = lower(authorization.address) === zeroAddress
  const applied = removing
    ? !code || code === '0x'
    : (code ?? '').toLowerCase() === `${DELEGATION_PREFIX}${authorization.address.slice(2).toLowerCase()}`
  if (!applied) return
  const meta: EventMeta = {
    chainId,
    txHash: delegation.hash,
    txFrom: delegation.from,
    blockNumber: delegation.blockNumber,
    logIndex: delegation.index,
    timestamp: delegation.timestamp,
  }
  await foldActivity(db, meta, authority, removing ? 'REMOVE_DELEGATION' : 'DELEGATE')
}
