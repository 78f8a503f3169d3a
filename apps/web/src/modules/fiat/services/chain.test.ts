import assert from 'node:assert/strict'
import { test } from 'node:test'
import { encodeFunctionData, erc20Abi } from 'viem'
import { formatUnits, transferCalldata } from './chain.ts'

test('behavior: the deposit calldata is an ERC-20 transfer', () => {
  const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const amount = 123_456_789n
  assert.equal(
    transferCalldata(to, amount),
    encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
  )
})

test('behavior: base units shown with at most six decimals, trailing zeros dropped', () => {
  assert.equal(formatUnits(32_345_678_901_234_567n, 18), '0.032345')
  assert.equal(formatUnits(100_000_000n, 6), '100')
  assert.equal(formatUnits(1_500_000n, 6), '1.5')
  assert.equal(formatUnits(0n, 18), '0')
})
