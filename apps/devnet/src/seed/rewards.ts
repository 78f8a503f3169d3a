/**
 * The LP rewards programme (networks in REWARD_NETWORKS: Ethereum): UNI paid to the owners of the
 * incentivised v3 pools' positions, one `@uniswap/merkle-distributor` 1.0.1 MerkleDistributor per
 * reward epoch, funded here. Epoch 1 is the seeded history's window; each incentivised pool's
 * reward for it is split between the pool's positions in proportion to the USD value of the fees
 * each earned and still holds at the epoch's end (what a `collect` would pay its owner now, priced
 * at the seed prices), then summed per owner into the tree.
 *
 * So that a test account is eligible with a known amount, the deployer first hands one seeded
 * position to REWARDED_TEST_ACCOUNT. Deployed after everything else (orders included), so no other
 * address moves.
 */
import type { NetworkSlug } from '@oxbow/chains'
import { erc721Abi, type ManifestRewards, nonfungiblePositionManagerAbi } from '@oxbow/protocol'
import { buildRewardTree } from '@oxbow/protocol/rewards'
import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, maxUint128 } from 'viem'
import { loadArtifacts } from '../artifacts.ts'
import { type Contracts, DEPLOYER } from '../deploy.ts'
import type { Sender } from '../rpc.ts'
import { type Currency, type LivePool, mintAbi, withArgs } from './model.ts'

export const REWARD_NETWORKS: readonly NetworkSlug[] = ['ethereum']
/** The test account that receives a seeded position (and so a claim): index into the test accounts. */
export const REWARDED_TEST_ACCOUNT = 4
/** The reward token (a seeded currency key). */
const REWARD_TOKEN = 'UNI'
/** Incentivised v3 pools (`a/b/fee` of the pool spec) and their reward per epoch, in whole UNI. */
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
    /** Epoch 1's window (unix seconds): the seeded history. */
    epoch: { start: number; end: number }
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
  await sender.write(DEPLOYER, {
    address: npm,
    abi: erc721Abi,
    functionName: 'transferFrom',
    args: [DEPLOYER, account, handed],
  })
  await sender.check()

  const owed = new Map<Address, bigint>()
  const incentivised: ManifestRewards['epochs'][number]['pools'] = []
  for (const pool of pools) {
    const reward = BigInt(POOL_REWARDS[poolLabel(pool)] as number) * 10n ** BigInt(token.decimals)
    incentivised.push({ pool: pool.address as Address, reward: reward.toString() })
    const weights: [Address, bigint][] = []
    for (const tokenId of pool.positions) {
      const owner = tokenId === handed ? account : DEPLOYER
      const [fees0, fees1] = await feesOf(sender, npm, tokenId, owner)
      weights.push([owner, usdWeight(fees0, pool.c0) + usdWeight(fees1, pool.c1)])
    }
    const total = weights.reduce((sum, [, w]) => sum + w, 0n)
    if (total === 0n) continue
    for (const [owner, weight] of weights)
      owed.set(owner, (owed.get(owner) ?? 0n) + (reward * weight) / total)
  }

  const tree = buildRewardTree(owed)
  const distributor = await sender.deploy(
    DEPLOYER,
    withArgs(loadArtifacts().merkleDistributor, 'address,bytes32', [token.address, tree.merkleRoot]),
    'MerkleDistributor epoch 1',
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
    token: token.address,
    epochs: [
      {
        epoch: 1,
        distributor,
        merkleRoot: tree.merkleRoot,
        start: options.epoch.start,
        end: options.epoch.end,
        total: tree.total.toString(),
        pools: incentivised,
        claims: tree.claims.map((c) => ({ ...c, amount: c.amount.toString(), proof: [...c.proof] })),
      },
    ],
  }
}

/** The fees a position holds now: what `collect` would pay its owner (a call, nothing sent). */
async function feesOf(
  sender: Sender,
  npm: Address,
  tokenId: bigint,
  owner: Address,
): Promise<[bigint, bigint]> {
  const data = encodeFunctionData({
    abi: nonfungiblePositionManagerAbi,
    functionName: 'collect',
    args: [{ tokenId, recipient: owner, amount0Max: maxUint128, amount1Max: maxUint128 }],
  })
  const result = await sender.request<Hex>('eth_call', [{ from: owner, to: npm, data }, 'latest'])
  const [amount0, amount1] = decodeFunctionResult({
    abi: nonfungiblePositionManagerAbi,
    functionName: 'collect',
    data: result,
  })
  return [amount0, amount1]
}

/** A token amount's USD value in 18-decimal fixed point, scaled by PRICE_SCALE. */
function usdWeight(amount: bigint, currency: Currency): bigint {
  const price = BigInt(Math.round(currency.priceUsd * PRICE_SCALE))
  return (amount * price * 10n ** 18n) / 10n ** BigInt(currency.decimals)
}
