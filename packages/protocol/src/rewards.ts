/**
 * LP rewards: the Merkle tree of one reward epoch, in the exact shape `@uniswap/merkle-distributor`
 * 1.0.1 verifies on chain (its BalanceTree): a leaf is `keccak256(abi.encodePacked(uint256 index,
 * address account, uint256 amount))` and every inner node hashes its two children in ascending
 * order (OpenZeppelin's MerkleProof), so a proof is the list of siblings from the leaf up. The
 * devnet builds the tree when it funds a distributor; the API serves its claims.
 */
import { type Address, encodePacked, getAddress, type Hex, keccak256 } from 'viem'

export { merkleDistributorAbi } from './abis/generated/rewards.ts'

/** One account's claim in one epoch's distributor. */
export interface RewardClaim {
  readonly index: number
  readonly account: Address
  /** Reward token base units. */
  readonly amount: bigint
  readonly proof: readonly Hex[]
}

export interface RewardTree {
  readonly merkleRoot: Hex
  /** One claim per account, indexed in ascending address order (lowercase hex). */
  readonly claims: readonly RewardClaim[]
  /** The sum of every claim: what the distributor must hold. */
  readonly total: bigint
}

/** The leaf the distributor hashes in `claim(index, account, amount, proof)`. */
export function rewardLeaf(index: number, account: Address, amount: bigint): Hex {
  return keccak256(encodePacked(['uint256', 'address', 'uint256'], [BigInt(index), account, amount]))
}

function hashPair(a: Hex, b: Hex | undefined): Hex {
  if (b === undefined) return a
  return BigInt(a) <= BigInt(b) ? keccak256(`${a}${b.slice(2)}`) : keccak256(`${b}${a.slice(2)}`)
}

/**
 * Builds an epoch's tree from each account's amount (amounts of one account are summed; zero
 * amounts are left out). Deterministic: the same amounts give the same root and proofs.
 */
export function buildRewardTree(
  amounts: ReadonlyMap<Address, bigint> | readonly [Address, bigint][],
): RewardTree {
  const summed = new Map<Address, bigint>()
  for (const [account, amount] of amounts instanceof Map ? amounts.entries() : amounts) {
    if (amount < 0n) throw new RangeError(`reward amount of ${account} is negative`)
    const key = getAddress(account)
    summed.set(key, (summed.get(key) ?? 0n) + amount)
  }
  const entries = [...summed].filter(([, amount]) => amount > 0n)
  if (entries.length === 0) throw new RangeError('a reward tree needs at least one positive amount')
  entries.sort(([a], [b]) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))
  const leaves = entries.map(([account, amount], index) => rewardLeaf(index, account, amount))
  // Layers bottom-up, each node remembered by position so proofs follow the indices.
  const layers: Hex[][] = [leaves]
  while ((layers.at(-1) as Hex[]).length > 1) {
    const below = layers.at(-1) as Hex[]
    const next: Hex[] = []
    for (let i = 0; i < below.length; i += 2) next.push(hashPair(below[i] as Hex, below[i + 1]))
    layers.push(next)
  }
  const claims = entries.map(([account, amount], index) => {
    const proof: Hex[] = []
    let position = index
    for (const layer of layers.slice(0, -1)) {
      const sibling = layer[position ^ 1]
      if (sibling !== undefined) proof.push(sibling)
      position >>= 1
    }
    return { index, account, amount, proof }
  })
  return {
    merkleRoot: (layers.at(-1) as Hex[])[0] as Hex,
    claims,
    total: entries.reduce((sum, [, amount]) => sum + amount, 0n),
  }
}

/** What the distributor's `MerkleProof.verify` decides for a claim against a root. */
export function verifyRewardClaim(merkleRoot: Hex, claim: RewardClaim): boolean {
  let node = rewardLeaf(claim.index, claim.account, claim.amount)
  for (const sibling of claim.proof) node = hashPair(node, sibling)
  return node.toLowerCase() === merkleRoot.toLowerCase()
}

/**
 * A pool's reward APR in percent: the epoch's reward for the pool valued in USD, scaled from the
 * epoch's length to a year, over the pool's TVL in USD. Null when the TVL or the price is unknown.
 */
export function rewardAprPercent(args: {
  rewardUsdPerEpoch: number | null
  epochSeconds: number
  tvlUsd: number | null
}): number | null {
  const { rewardUsdPerEpoch, epochSeconds, tvlUsd } = args
  if (rewardUsdPerEpoch === null || tvlUsd === null || !(tvlUsd > 0) || !(epochSeconds > 0)) return null
  return ((rewardUsdPerEpoch * (365 * 86_400)) / epochSeconds / tvlUsd) * 100
}
