/**
 * The LP rewards programme (networks in REWARD_NETWORKS: Ethereum): UNI paid to the owners of the
 * incentivised v3 pools' positions, one `@uniswap/merkle-distributor` 1.0.1 MerkleDistributor per
 * reward epoch, funded here. The seeded history is split at its midpoint block into two epochs
 * (epoch 1: the history's first half, epoch 2: its second); each incentivised pool's reward for an
 * epoch is split between the pool's positions in proportion to the USD value of the fees each
 * earned in that epoch's blocks (read from the chain's history: rewardFees.ts; priced at the seed
 * prices), then summed per owner into the epoch's own tree, root and distributor. The split is by
 * block time, so it does not depend on what the history's trades are.
 *
 * Rewards are paid to a position's owner when the epochs are distributed (now): so that a test
 * account is eligible in both epochs, the deployer first hands one seeded position to
 * REWARDED_TEST_ACCOUNT. Deployed after everything else (orders included), so no other address
 * moves.
 */
import type { NetworkSlug } from '@oxbow/chains'
import { erc721Abi, type ManifestRewards } from '@oxbow/protocol'
import { buildRewardTree } from '@oxbow/protocol/rewards'
import type { Address } from 'viem'
import { loadArtifacts } from '../artifacts.ts'
import { type Contracts, DEPLOYER } from '../deploy.ts'
import type { Sender } from '../rpc.ts'
import { type Currency, type LivePool, mintAbi, withArgs } from './model.ts'
import { type BlockWindow, blockAtOrBefore, feesEarned } from './rewardFees.ts'

export const REWARD_NETWORKS: readonly NetworkSlug[] = ['ethereum']
/** The test account that receives a seeded position (and so a claim): index into the test accounts. */
export const REWARDED_TEST_ACCOUNT = 4
/** The reward token (a seeded currency key). */
const REWARD_TOKEN = 'UNI'
/** Incentivised v3 pools (`a/b/fee` of the pool spec) and their reward per epoch (each), in whole UNI. */
const POOL_REWARDS: Readonly<Record<string, number>> = {
  'WNATIVE/USDC/500': 5_000,
  'WNATIVE/USDC/3000': 2_000,
  'WBTC/WNATIVE/3000': 1_500,
  'UNI/WNATIVE/3000': 1_500,
}
/** The position handed to the test account: the concentrated one of this pool. */
const HANDED_OVER = 'UNI/WNATIVE/3000'
/** USD prices as integers with this many decimals, so the shares are exact bigint arithmetic. */
const PRICE_SCALE = 1_000_000

const poolLabel = (pool: LivePool) =>
  pool.spec.version === 'v2' ? '' : `${pool.spec.a}/${pool.spec.b}/${pool.spec.fee}`

export async function deployRewards(
  sender: Sender,
  contracts: Contracts,
  options: {
    live: readonly LivePool[]
    currencies: Map<string, Currency>
    testAccounts: readonly Address[]
    /** The seeded history's window (unix seconds): split at its midpoint into the two epochs. */
    history: { start: number; end: number }
  },
): Promise<ManifestRewards> {
  const token = options.currencies.get(REWARD_TOKEN)
  const account = options.testAccounts[REWARDED_TEST_ACCOUNT]
  if (!token || !account)
    throw new Error(`rewards: no ${REWARD_TOKEN} or test account ${REWARDED_TEST_ACCOUNT}`)
  const npm = contracts.nonfungiblePositionManager
  const pools = options.live.filter((p) => p.manifest.version === 'v3' && poolLabel(p) in POOL_REWARDS)
  const handed = pools.find((p) => poolLabel(p) === HANDED_OVER)?.positions[1]
  if (handed === undefined) throw new Error(`rewards: no ${HANDED_OVER} position to hand over`)

  // The epochs' blocks: the state before the history's first block, the midpoint, its last block.
  const { start, end } = options.history
  const middle = Math.floor((start + end) / 2)
  const [before, mid, last] = [
    await blockAtOrBefore(sender, start - 1),
    await blockAtOrBefore(sender, middle),
    await blockAtOrBefore(sender, end),
  ]
  const windows = [
    { epoch: 1, start, end: middle, blocks: { from: before, to: mid } },
    { epoch: 2, start: middle, end, blocks: { from: mid, to: last } },
  ]
  // The fees of every position in every epoch, read before anything else is sent.
  const earned = new Map<string, bigint>()
  for (const window of windows)
    for (const pool of pools)
      for (const tokenId of pool.positions) {
        const [fees0, fees1] = await feesEarned(sender, npm, tokenId, window.blocks)
        earned.set(`${window.epoch}:${tokenId}`, usdWeight(fees0, pool.c0) + usdWeight(fees1, pool.c1))
      }

  await sender.write(DEPLOYER, {
    address: npm,
    abi: erc721Abi,
    functionName: 'transferFrom',
    args: [DEPLOYER, account, handed],
  })
  await sender.check()

  const epochs: ManifestRewards['epochs'][number][] = []
  for (const window of windows) {
    const weightOf = (tokenId: bigint) => earned.get(`${window.epoch}:${tokenId}`) ?? 0n
    const ownerOf = (tokenId: bigint) => (tokenId === handed ? account : DEPLOYER)
    epochs.push(await deployEpoch(sender, token, window, pools, weightOf, ownerOf))
  }
  return { token: token.address, epochs }
}

/** One epoch: its tree from the fee weights, its distributor (the root) funded with the total. */
async function deployEpoch(
  sender: Sender,
  token: Currency,
  window: { epoch: number; start: number; end: number; blocks: BlockWindow },
  pools: readonly LivePool[],
  weightOf: (tokenId: bigint) => bigint,
  ownerOf: (tokenId: bigint) => Address,
): Promise<ManifestRewards['epochs'][number]> {
  const owed = new Map<Address, bigint>()
  const incentivised: ManifestRewards['epochs'][number]['pools'] = []
  for (const pool of pools) {
    const reward = BigInt(POOL_REWARDS[poolLabel(pool)] as number) * 10n ** BigInt(token.decimals)
    incentivised.push({ pool: pool.address as Address, reward: reward.toString() })
    const total = pool.positions.reduce((sum, tokenId) => sum + weightOf(tokenId), 0n)
    if (total === 0n) continue
    for (const tokenId of pool.positions) {
      const owner = ownerOf(tokenId)
      owed.set(owner, (owed.get(owner) ?? 0n) + (reward * weightOf(tokenId)) / total)
    }
  }
  const tree = buildRewardTree(owed)
  const distributor = await sender.deploy(
    DEPLOYER,
    withArgs(loadArtifacts().merkleDistributor, 'address,bytes32', [token.address, tree.merkleRoot]),
    `MerkleDistributor epoch ${window.epoch}`,
    2_000_000n,
  )
  await sender.write(DEPLOYER, {
    address: token.address,
    abi: mintAbi,
    functionName: 'mint',
    args: [distributor, tree.total],
  })
  await sender.check()
  return {
    epoch: window.epoch,
    distributor,
    merkleRoot: tree.merkleRoot,
    start: window.start,
    end: window.end,
    blocks: window.blocks,
    total: tree.total.toString(),
    pools: incentivised,
    claims: tree.claims.map((c) => ({ ...c, amount: c.amount.toString(), proof: [...c.proof] })),
  }
}

/** A token amount's USD value in 18-decimal fixed point, scaled by PRICE_SCALE. */
function usdWeight(amount: bigint, currency: Currency): bigint {
  const price = BigInt(Math.round(currency.priceUsd * PRICE_SCALE))
  return (amount * price * 10n ** 18n) / 10n ** BigInt(currency.decimals)
}
