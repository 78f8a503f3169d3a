import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  bumpFee,
  effectiveGasPrice,
  type Fees,
  planReplacement,
  replacementFees,
  replaceProblem,
  type SentTransaction,
} from './replaceTransaction.ts'

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ROUTER = '0x1111111111111111111111111111111111111111'
const gwei = (n: number) => BigInt(Math.round(n * 1e9))

const original: SentTransaction = {
  hash: `0x${'a'.repeat(64)}`,
  from: ME,
  to: ROUTER,
  data: '0x12345678',
  value: 5n,
  nonce: 7,
  gas: 150_000n,
  fees: { type: 'eip1559', maxFeePerGas: gwei(2), maxPriorityFeePerGas: gwei(1) },
  blockNumber: null,
}
const quiet = {
  baseFeePerGas: gwei(0.5),
  fees: { type: 'eip1559', maxFeePerGas: gwei(1), maxPriorityFeePerGas: gwei(0.1) },
} as const

test('behavior: a fee is raised by at least 10 %, rounded up, and by 1 wei at least', () => {
  assert.equal(bumpFee(100n), 110n)
  assert.equal(bumpFee(101n), 112n, '111.1 rounds up')
  assert.equal(bumpFee(0n), 1n)
  assert.equal(bumpFee(1n), 2n)
  assert.equal(bumpFee(gwei(1)), gwei(1.1))
})

test("behavior: both EIP-1559 fees are bumped, or raised to the network's when higher; max fee ≥ priority fee", () => {
  const bumped = replacementFees(original.fees, quiet.fees)
  assert.deepEqual(bumped, { type: 'eip1559', maxFeePerGas: gwei(2.2), maxPriorityFeePerGas: gwei(1.1) })
  const busy: Fees = { type: 'eip1559', maxFeePerGas: gwei(30), maxPriorityFeePerGas: gwei(3) }
  assert.deepEqual(replacementFees(original.fees, busy), busy)
  const lowMax: Fees = { type: 'eip1559', maxFeePerGas: gwei(1), maxPriorityFeePerGas: gwei(1) }
  const raised = replacementFees(lowMax, { type: 'eip1559', maxFeePerGas: 0n, maxPriorityFeePerGas: gwei(5) })
  assert.equal(raised.type === 'eip1559' && raised.maxFeePerGas, gwei(5), 'never below the priority fee')
})

test('behavior: a legacy transaction stays legacy with its gas price bumped', () => {
  assert.deepEqual(replacementFees({ type: 'legacy', gasPrice: gwei(10) }, quiet.fees), {
    type: 'legacy',
    gasPrice: gwei(11),
  })
  assert.deepEqual(
    replacementFees({ type: 'legacy', gasPrice: gwei(1) }, { type: 'legacy', gasPrice: gwei(4) }),
    {
      type: 'legacy',
      gasPrice: gwei(4),
    },
  )
})

/** What a replacement sends, without its fees. */
const callOf = ({ to, data, value, nonce, gas }: ReturnType<typeof planReplacement>) => ({
  to,
  data,
  value,
  nonce,
  gas,
})

test('behavior: speed-up resends the same call, same nonce and gas; its cost is gas × (base fee + tip) capped by the max fee', () => {
  const plan = planReplacement('speedUp', 1, original, quiet)
  assert.deepEqual(callOf(plan), { to: ROUTER, data: '0x12345678', value: 5n, nonce: 7, gas: 150_000n })
  assert.equal(plan.networkCost, 150_000n * (gwei(0.5) + gwei(1.1)))
  assert.equal(plan.maxNetworkCost, 150_000n * gwei(2.2))
  assert.equal(effectiveGasPrice(plan.fees, gwei(100)), gwei(2.2), 'capped by the max fee')
})

test('behavior: cancel is a 0-value self-transfer with the same nonce, bumped fees and the transfer gas', () => {
  const plan = planReplacement('cancel', 1, original, quiet)
  assert.deepEqual(callOf(plan), { to: ME, data: '0x', value: 0n, nonce: 7, gas: 21_000n })
  assert.deepEqual(plan.fees, { type: 'eip1559', maxFeePerGas: gwei(2.2), maxPriorityFeePerGas: gwei(1.1) })
  assert.equal(plan.networkCost, 21_000n * gwei(1.6))
  assert.equal(
    planReplacement('cancel', 1, original, quiet, 40_000n).gas,
    40_000n,
    'an estimate for an account with code',
  )
})

test('behavior: the cancel/replace problems: unknown, already mined, another account, a contract creation', () => {
  assert.equal(replaceProblem('cancel', null, ME), 'notFound')
  assert.equal(replaceProblem('cancel', { ...original, blockNumber: 12n }, ME), 'alreadyMined')
  assert.equal(replaceProblem('speedUp', original, ROUTER), 'otherAccount')
  assert.equal(replaceProblem('speedUp', { ...original, to: null }, ME), 'unsupported')
  assert.equal(replaceProblem('cancel', { ...original, to: null }, ME), null)
  assert.equal(replaceProblem('speedUp', original, ME.toLowerCase()), null)
})
