import assert from 'node:assert/strict'
import { test } from 'node:test'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import type * as z from 'zod/mini'
import { swapResponseSchema, tokenInfoSchema } from './index.ts'
import { approvalRequestSchema, quoteRequestSchema } from './requestsEntry.ts'

const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const issues = (result: { success: boolean; error?: z.core.$ZodError }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message])

test('behavior: a quote request parses to typed values (ETH to the native address, amount to bigint)', () => {
  const parsed = quoteRequestSchema.parse({
    network: 'ethereum',
    tokenIn: 'eth',
    tokenOut: DAI.toLowerCase(),
    amount: '1000',
    type: 'EXACT_INPUT',
  })
  assert.deepEqual(parsed, {
    network: 'ethereum',
    tokenIn: NATIVE_CURRENCY_ADDRESS,
    tokenOut: DAI,
    amount: 1000n,
    type: 'EXACT_INPUT',
    slippage: 'auto',
  })
})

test('error: a mixed-case address with a wrong checksum is refused, not corrected', () => {
  const mistyped = `${DAI.slice(0, -1)}f`
  const result = approvalRequestSchema.safeParse({
    network: 'ethereum',
    walletAddress: mistyped,
    token: DAI,
    amount: '1',
  })
  assert.deepEqual(issues(result), [
    ['walletAddress', 'the mixed-case checksum (EIP-55) does not match: the address is mistyped'],
  ])
})

test('error: amounts, slippage and unknown fields are refused with the field named', () => {
  const result = quoteRequestSchema.safeParse({
    network: 'ethereum',
    tokenIn: 'ETH',
    tokenOut: 'not-an-address',
    amount: '0',
    type: 'EXACT_INPUT',
    slippage: 51,
    extra: true,
  })
  assert.deepEqual(issues(result)?.slice(0, 3), [
    ['tokenOut', "a token address or 'ETH'"],
    ['amount', 'must be between 1 and 2^128 - 1'],
    ['slippage', 'Enter a value less than 50'],
  ])
  // zod/mini loads no locale: the wording of its own issues is the API's (classic zod loads English)
  assert.deepEqual(result.error?.issues[3]?.code, 'unrecognized_keys')
})

test('behavior: answers keep the addresses the API wrote; a malformed address or hex is refused', () => {
  const token = {
    address: DAI,
    symbol: 'DAI',
    name: 'Dai',
    decimals: 18,
    priceUsd: 1,
    native: false,
    kind: 'erc20',
    safety: 'verified',
    transferFeeBps: 0,
  }
  assert.equal(tokenInfoSchema.parse({ ...token, address: DAI }).address, DAI)
  assert.equal(tokenInfoSchema.safeParse({ ...token, address: 'javascript:alert(1)' }).success, false)
  assert.equal(tokenInfoSchema.safeParse({ ...token, address: `${DAI}00` }).success, false)
  const tx = { to: DAI, from: DAI, data: 'not hex', value: '0', chainId: 1 }
  const answer = swapResponseSchema.safeParse({ status: 'APPROVAL_REQUIRED', approval: tx, quote: {} })
  assert.equal(answer.success, false)
  assert.ok(issues(answer)?.some(([path]) => path === 'approval.data'))
})
