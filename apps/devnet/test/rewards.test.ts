/**
 * The LP rewards programme on the devnet's Ethereum: the epoch's MerkleDistributor holds exactly the
 * tree's total of the reward token, every recorded claim verifies against its root, the rewarded
 * test account claims its amount once (a second claim and a forged amount revert), and networks
 * without the programme have none.
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
  test('behavior: the distributor holds the tree total and every claim verifies', async () => {
    const rewards = deploymentOf(devnet.manifest, 'ethereum').rewards
    assert.ok(rewards, 'ethereum runs a rewards programme')
    assert.equal(deploymentOf(devnet.manifest, 'base').rewards, undefined)
    const uni = deploymentOf(devnet.manifest, 'ethereum').tokens.find((t) => t.symbol === 'UNI')
    assert.equal(rewards.token, uni?.address)
    const [epoch] = rewards.epochs
    assert.ok(epoch)
    const { public: client } = devnetClients(devnet.manifest, 'ethereum', 0)
    const read = (functionName: 'token' | 'merkleRoot') =>
      client.readContract({ address: epoch.distributor, abi: merkleDistributorAbi, functionName })
    assert.equal(await read('token'), rewards.token)
    assert.equal(await read('merkleRoot'), epoch.merkleRoot)
    const held = await client.readContract({
      address: rewards.token,
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
    for (const claim of epoch.claims) {
      assert.ok(verifyRewardClaim(epoch.merkleRoot, { ...claim, amount: BigInt(claim.amount) }))
    }
    // every incentivised pool's reward is paid out to within rounding (one wei per position)
    const rewarded = epoch.pools.reduce((sum, p) => sum + BigInt(p.reward), 0n)
    assert.ok(BigInt(epoch.total) <= rewarded && rewarded - BigInt(epoch.total) < 100n)
  })

  test('behavior: the rewarded test account claims exactly its amount, once', async () => {
    const rewards = deploymentOf(devnet.manifest, 'ethereum').rewards
    const epoch = rewards?.epochs[0]
    assert.ok(rewards && epoch)
    const me = testAccounts[REWARDED_TEST_ACCOUNT]?.address
    const claim = epoch.claims.find((c) => c.account === me)
    assert.ok(claim, 'the test account is eligible')
    assert.ok(BigInt(claim.amount) > 0n)
    const { public: client, wallet } = devnetClients(devnet.manifest, 'ethereum', REWARDED_TEST_ACCOUNT)
    const balance = () =>
      client.readContract({
        address: rewards.token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [claim.account],
      })
    const isClaimed = () =>
      client.readContract({
        address: epoch.distributor,
        abi: merkleDistributorAbi,
        functionName: 'isClaimed',
        args: [BigInt(claim.index)],
      })
    const args = [BigInt(claim.index), claim.account, BigInt(claim.amount), claim.proof] as const
    const simulateClaim = (claimArgs: typeof args) =>
      client.simulateContract({
        account: wallet.account,
        address: epoch.distributor,
        abi: merkleDistributorAbi,
        functionName: 'claim',
        args: claimArgs,
      })
    // a forged amount does not verify
    await assert.rejects(simulateClaim([args[0], args[1], args[2] + 1n, args[3]]), /Invalid proof/)
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
  })
})
