/**
 * The LP rewards programme on the devnet's Ethereum: two epochs (the seeded history split at its
 * midpoint block), each its own MerkleDistributor holding exactly its tree's total of the reward
 * token, every recorded claim verifies against its own epoch's root (and not the other's), the
 * rewarded test account claims each epoch's amount once (a second claim, a forged amount and one
 * epoch's claim sent to the other's distributor revert), and networks without the programme have
 * none.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { erc20Abi } from '@oxbow/protocol'
import { merkleDistributorAbi, verifyRewardClaim } from '@oxbow/protocol/rewards'
import { testAccounts } from '../src/accounts.ts'
import { devnetClients } from '../src/index.ts'
import { REWARDED_TEST_ACCOUNT } from '../src/seed/rewards.ts'
import { deploymentOf, devnetForFile } from './fixtures.ts'

const devnet = devnetForFile(20800)

describe('LP rewards', () => {
  test('behavior: two contiguous epochs split the history at its midpoint block', async () => {
    const rewards = deploymentOf(devnet.manifest, 'ethereum').rewards
    assert.ok(rewards)
    const [first, second] = rewards.epochs
    assert.ok(first && second)
    assert.deepEqual(
      rewards.epochs.map((e) => e.epoch),
      [1, 2],
    )
    assert.equal(first.end, second.start)
    assert.equal(first.end, Math.floor((first.start + second.end) / 2), 'split at the midpoint')
    assert.equal(first.blocks.to, second.blocks.from)
    assert.ok(first.blocks.from < first.blocks.to && second.blocks.from < second.blocks.to)
    const { public: client } = devnetClients(devnet.manifest, 'ethereum', 0)
    const timeOf = async (n: number) => Number((await client.getBlock({ blockNumber: BigInt(n) })).timestamp)
    // the boundary block is the last one at or before the midpoint; the history's blocks lie inside
    assert.ok((await timeOf(first.blocks.to)) <= first.end)
    assert.ok((await timeOf(first.blocks.to + 1)) > first.end)
    assert.ok((await timeOf(first.blocks.from)) < first.start)
    assert.equal(await timeOf(first.blocks.from + 1), first.start, "the history's first block")
    assert.ok((await timeOf(second.blocks.to)) <= second.end)
    // its own root and distributor per epoch; the fees of each half decide its shares, so they differ
    assert.notEqual(first.distributor, second.distributor)
    assert.notEqual(first.merkleRoot, second.merkleRoot)
    const me = testAccounts[REWARDED_TEST_ACCOUNT]?.address
    const mine = rewards.epochs.map((e) => e.claims.find((c) => c.account === me)?.amount)
    assert.ok(mine[0] && mine[1], 'the test account is eligible in both epochs')
    assert.notEqual(mine[0], mine[1])
  })

  test('behavior: each distributor holds its tree total and every claim verifies against its own root', async () => {
    const rewards = deploymentOf(devnet.manifest, 'ethereum').rewards
    assert.ok(rewards, 'ethereum runs a rewards programme')
    assert.equal(deploymentOf(devnet.manifest, 'base').rewards, undefined)
    const uni = deploymentOf(devnet.manifest, 'ethereum').tokens.find((t) => t.symbol === 'UNI')
    assert.equal(rewards.token, uni?.address)
    const { token, epochs } = rewards
    assert.equal(epochs.length, 2)
    const { public: client } = devnetClients(devnet.manifest, 'ethereum', 0)
    for (const epoch of epochs) {
      const read = (functionName: 'token' | 'merkleRoot') =>
        client.readContract({ address: epoch.distributor, abi: merkleDistributorAbi, functionName })
      assert.equal(await read('token'), token)
      assert.equal(await read('merkleRoot'), epoch.merkleRoot)
      const held: bigint = await client.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [epoch.distributor],
      })
      assert.equal(held, BigInt(epoch.total))
      assert.equal(
        epoch.claims.reduce((sum, c) => sum + BigInt(c.amount), 0n),
        BigInt(epoch.total),
      )
      assert.ok(epoch.claims.length >= 2, 'the deployer and the test account')
      const other = epochs.find((e) => e !== epoch)
      for (const claim of epoch.claims) {
        const parsed = { ...claim, amount: BigInt(claim.amount) }
        assert.ok(verifyRewardClaim(epoch.merkleRoot, parsed))
        assert.equal(verifyRewardClaim(other?.merkleRoot ?? '0x', parsed), false)
      }
      // every incentivised pool's reward is paid out to within rounding (one wei per position)
      const rewarded = epoch.pools.reduce((sum, p) => sum + BigInt(p.reward), 0n)
      assert.ok(BigInt(epoch.total) <= rewarded && rewarded - BigInt(epoch.total) < 100n)
    }
  })

  test('behavior: the rewarded test account claims exactly its amount in each epoch, once', async () => {
    const rewards = deploymentOf(devnet.manifest, 'ethereum').rewards
    assert.ok(rewards && rewards.epochs.length === 2)
    const { token, epochs } = rewards
    const me = testAccounts[REWARDED_TEST_ACCOUNT]?.address
    const { public: client, wallet } = devnetClients(devnet.manifest, 'ethereum', REWARDED_TEST_ACCOUNT)
    for (const epoch of epochs) {
      const claim = epoch.claims.find((c) => c.account === me)
      assert.ok(claim, `the test account is eligible in epoch ${epoch.epoch}`)
      assert.ok(BigInt(claim.amount) > 0n)
      const balance = (): Promise<bigint> =>
        client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [claim.account],
        })
      const isClaimed = (distributor = epoch.distributor) =>
        client.readContract({
          address: distributor,
          abi: merkleDistributorAbi,
          functionName: 'isClaimed',
          args: [BigInt(claim.index)],
        })
      const args = [BigInt(claim.index), claim.account, BigInt(claim.amount), claim.proof] as const
      const simulateClaim = (claimArgs: typeof args, distributor = epoch.distributor) =>
        client.simulateContract({
          account: wallet.account,
          address: distributor,
          abi: merkleDistributorAbi,
          functionName: 'claim',
          args: claimArgs,
        })
      // a forged amount does not verify, nor this epoch's claim on the other epoch's distributor
      await assert.rejects(simulateClaim([args[0], args[1], args[2] + 1n, args[3]]), /Invalid proof/)
      const other = epochs.find((e) => e !== epoch)?.distributor
      assert.ok(other)
      if (!(await isClaimed(other))) await assert.rejects(simulateClaim(args, other), /Invalid proof/)
      assert.equal(await isClaimed(), false)
      const before = await balance()
      const hash = await wallet.writeContract({
        address: epoch.distributor,
        abi: merkleDistributorAbi,
        functionName: 'claim',
        args,
      })
      assert.equal((await client.waitForTransactionReceipt({ hash })).status, 'success')
      assert.equal((await balance()) - before, BigInt(claim.amount))
      assert.equal(await isClaimed(), true)
      await assert.rejects(simulateClaim(args), /Drop already claimed/)
    }
  })
})
