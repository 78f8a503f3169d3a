import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { type Address, encodePacked, getAddress, keccak256, toHex } from 'viem'
import { buildRewardTree, rewardAprPercent, rewardLeaf, verifyRewardClaim } from './rewards.ts'

const account = (n: number): Address => getAddress(toHex(n * 7919 + 1, { size: 20 }))

describe('buildRewardTree', () => {
  test('behavior: every claim verifies, for trees of 1 to 9 leaves (odd layers carried up)', () => {
    for (let size = 1; size <= 9; size++) {
      const tree = buildRewardTree(
        Array.from({ length: size }, (_, i) => [account(i), BigInt(i + 1) * 10n ** 18n]),
      )
      assert.equal(tree.claims.length, size)
      for (const claim of tree.claims) assert.ok(verifyRewardClaim(tree.merkleRoot, claim), `size ${size}`)
      assert.equal(tree.total, (BigInt(size * (size + 1)) / 2n) * 10n ** 18n)
    }
  })

  test('behavior: the leaf is the distributor’s packed (index, account, amount)', () => {
    const leaf = rewardLeaf(3, account(1), 5n)
    assert.equal(leaf, keccak256(encodePacked(['uint256', 'address', 'uint256'], [3n, account(1), 5n])))
    const tree = buildRewardTree([
      [account(1), 5n],
      [account(2), 6n],
    ])
    const [a, b] = tree.claims.map((c) => rewardLeaf(c.index, c.account, c.amount)) as [
      `0x${string}`,
      `0x${string}`,
    ]
    const [low, high] = BigInt(a) < BigInt(b) ? [a, b] : [b, a]
    assert.equal(tree.merkleRoot, keccak256(`${low}${high.slice(2)}`))
  })

  test('behavior: deterministic whatever the input order; amounts of one account are summed, zeros dropped', () => {
    const one = buildRewardTree([
      [account(1), 5n],
      [account(2), 6n],
      [account(3), 0n],
      [account(1), 2n],
    ])
    const two = buildRewardTree(
      new Map([
        [account(2), 6n],
        [account(1), 7n],
      ]),
    )
    assert.equal(one.merkleRoot, two.merkleRoot)
    assert.deepEqual(
      one.claims.map((c) => [c.index, c.amount]),
      [
        [0, one.claims[0]?.account === account(1) ? 7n : 6n],
        [1, one.claims[0]?.account === account(1) ? 6n : 7n],
      ],
    )
  })

  test('error: a forged amount, index or account does not verify', () => {
    const tree = buildRewardTree(Array.from({ length: 5 }, (_, i) => [account(i), 100n] as [Address, bigint]))
    const claim = tree.claims[2]
    assert.ok(claim)
    assert.equal(verifyRewardClaim(tree.merkleRoot, { ...claim, amount: 101n }), false)
    assert.equal(verifyRewardClaim(tree.merkleRoot, { ...claim, index: 3 }), false)
    assert.equal(verifyRewardClaim(tree.merkleRoot, { ...claim, account: account(9) }), false)
  })

  test('error: no positive amount, or a negative one', () => {
    assert.throws(() => buildRewardTree([[account(1), 0n]]), /at least one positive amount/)
    assert.throws(() => buildRewardTree([[account(1), -1n]]), /negative/)
  })
})

describe('rewardAprPercent', () => {
  test('behavior: the epoch’s reward in USD, scaled to a year, over the TVL', () => {
    // 1,000 USD over a 30-day epoch on a 1,000,000 USD pool: 1000 * 365/30 / 1e6 = 1.2166... %
    const apr = rewardAprPercent({ rewardUsdPerEpoch: 1000, epochSeconds: 30 * 86_400, tvlUsd: 1_000_000 })
    assert.ok(apr !== null && Math.abs(apr - 1.2166666) < 1e-6)
    assert.equal(rewardAprPercent({ rewardUsdPerEpoch: 1000, epochSeconds: 86_400, tvlUsd: 0 }), null)
    assert.equal(rewardAprPercent({ rewardUsdPerEpoch: null, epochSeconds: 86_400, tvlUsd: 1 }), null)
  })
})
