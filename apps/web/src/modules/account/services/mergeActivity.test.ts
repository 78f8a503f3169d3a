import assert from 'node:assert/strict'
import { test } from 'node:test'
import { type LimitActivity, mergeActivity } from './mergeActivity.ts'
import type { ActivityEntry } from './portfolioData.ts'

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as const
const entry = (n: number, id = `e${n}`): ActivityEntry => ({
  id,
  network: 'ethereum',
  chainId: 3133701,
  txHash: hash(n),
  timestamp: 1000 + n,
  type: 'SWAP',
  counterparty: null,
  assetChanges: [],
})

test('behavior: pending transactions come first, newest first, with their network', () => {
  const rows = mergeActivity(
    [
      { hash: hash(1), chainId: 3133701, kind: 'swap', addedAt: 1 },
      { hash: hash(2), chainId: 3133702, kind: 'approve', addedAt: 2 },
    ],
    [entry(9)],
    (id) => (id === 3133701 ? 'ethereum' : 'base'),
  )
  assert.deepEqual(
    rows.map((row) => [row.status, row.hash, row.network]),
    [
      ['pending', hash(2), 'base'],
      ['pending', hash(1), 'ethereum'],
      ['confirmed', hash(9), 'ethereum'],
    ],
  )
})

test('behavior: a pending transaction the indexer already lists shows once, as indexed', () => {
  const rows = mergeActivity(
    [
      {
        hash: hash(5).toUpperCase().replace('0X', '0x') as `0x${string}`,
        chainId: 1,
        kind: 'swap',
        addedAt: 1,
      },
    ],
    [entry(5, 'a'), entry(5, 'b')],
  )
  assert.deepEqual(
    rows.map((row) => [row.status, row.key]),
    [
      ['confirmed', 'a'],
      ['confirmed', 'b'],
    ],
  )
})

test('behavior: fiat orders (onramp, offramp, exchange transfer) merge with the indexed rows by time, below pending ones', () => {
  const order = (id: string, side: 'buy' | 'sell' | 'transfer', seconds: number) => ({
    id,
    side,
    status: 'completed' as const,
    provider: 'coinbridge',
    crypto: 'ETH',
    network: 'ethereum',
    txHash: null,
    createdAt: new Date(seconds * 1000).toISOString(),
    feeAmount: side === 'transfer' ? null : '3.49',
    fiatCurrency: side === 'transfer' ? null : 'USD',
  })
  const rows = mergeActivity(
    [{ hash: hash(9), chainId: 1, kind: 'send', addedAt: 1 }],
    [entry(3), entry(1)],
    () => 'ethereum',
    [order('buy1', 'buy', 1002), order('sell1', 'sell', 1000), order('in1', 'transfer', 1010)],
  )
  assert.deepEqual(
    rows.map((row) => [row.status, row.key]),
    [
      ['pending', hash(9)],
      ['fiat', 'fiat:in1'],
      ['confirmed', 'e3'],
      ['fiat', 'fiat:buy1'],
      ['confirmed', 'e1'],
      ['fiat', 'fiat:sell1'],
    ],
  )
})

test("behavior: a fiat order's transaction shows once, as the order, not also as the indexer's receive", () => {
  const rows = mergeActivity([], [{ ...entry(7), type: 'RECEIVE' }, entry(6)], () => 'ethereum', [
    {
      id: 'buy1',
      side: 'buy',
      status: 'completed',
      provider: 'beacon',
      crypto: 'ETH',
      network: 'ethereum',
      txHash: hash(7).toUpperCase().replace('0X', '0x'),
      createdAt: new Date(1007 * 1000).toISOString(),
      feeAmount: '3.99',
      fiatCurrency: 'USD',
    },
  ])
  assert.deepEqual(
    rows.map((row) => [row.status, row.key]),
    [
      ['fiat', 'fiat:buy1'],
      ['confirmed', 'e6'],
    ],
  )
})

const at = (seconds: number) => new Date(seconds * 1000).toISOString()
const limitOrder = (
  n: number,
  shown: LimitActivity['shown'],
  extra: Partial<LimitActivity> = {},
): LimitActivity => ({
  orderHash: hash(100 + n),
  chainId: 3133701,
  deadline: 5000,
  input: { token: '0x0000000000000000000000000000000000000003', amount: '1' },
  output: { token: '0x0000000000000000000000000000000000000004', amount: '1' },
  txHash: null,
  createdAt: at(900),
  updatedAt: at(900),
  shown,
  ...extra,
})

test('behavior: limit orders are one row each, merged by time: open when placed, expired at the deadline, others when settled', () => {
  const rows = mergeActivity(
    [],
    [entry(20), entry(10)],
    (id) => (id === 3133701 ? 'ethereum' : 'base'),
    [],
    [
      limitOrder(1, 'opened', { createdAt: at(1015) }),
      limitOrder(2, 'expired', { deadline: 1005, updatedAt: at(1030) }),
      limitOrder(3, 'canceled', { txHash: hash(50), createdAt: at(1000), updatedAt: at(1025) }),
      limitOrder(4, 'failed', { updatedAt: at(1001) }),
    ],
  )
  assert.deepEqual(
    rows.map((row) => [row.status, row.key, row.hash, row.network]),
    [
      ['limit', `limit:${hash(103)}`, hash(50), 'ethereum'],
      ['confirmed', 'e20', hash(20), 'ethereum'],
      ['limit', `limit:${hash(101)}`, null, 'ethereum'],
      ['confirmed', 'e10', hash(10), 'ethereum'],
      ['limit', `limit:${hash(102)}`, null, 'ethereum'],
      ['limit', `limit:${hash(104)}`, null, 'ethereum'],
    ],
  )
})

test("behavior: an executed order's fill shows once, as the order, at the fill's block time", () => {
  const fill = entry(7)
  const rows = mergeActivity(
    [],
    [entry(30), { ...fill, id: 'fill-in' }, { ...fill, id: 'fill-out' }, entry(5)],
    () => 'ethereum',
    [],
    // the service saw the fill later than its block
    [
      limitOrder(1, 'executed', {
        txHash: hash(7).toUpperCase().replace('0X', '0x') as `0x${string}`,
        updatedAt: at(1040),
      }),
    ],
  )
  assert.deepEqual(
    rows.map((row) => [row.status, row.key]),
    [
      ['confirmed', 'e30'],
      ['limit', `limit:${hash(101)}`],
      ['confirmed', 'e5'],
    ],
  )
  // not yet indexed: placed by the service's time
  const early = mergeActivity(
    [],
    [entry(30)],
    () => 'ethereum',
    [],
    [limitOrder(1, 'executed', { txHash: hash(7), updatedAt: at(1040) })],
  )
  assert.deepEqual(
    early.map((row) => row.key),
    [`limit:${hash(101)}`, 'e30'],
  )
})

/** Pending transaction `n` (on chain 1) sent to replace transaction `n - 1`. */
const replacement = <T extends object>(n: number, kind: 'send' | 'swap', addedAt: number, extra: T) => ({
  hash: hash(n),
  chainId: 1,
  kind,
  addedAt,
  replaced: [hash(n - 1)],
  ...extra,
})

test('behavior: a sped-up transaction shows once under its new hash; one the indexer lists under its original hash shows as indexed', () => {
  const sped = replacement(7, 'send', 5, { spedUp: true })
  const rows = mergeActivity([sped], [entry(1)], () => 'ethereum')
  assert.deepEqual(
    rows.map((row) => [row.status, row.hash, row.key]),
    [
      ['pending', hash(7), hash(6)],
      ['confirmed', hash(1), 'e1'],
    ],
  )
  // The original was mined first (the indexer lists it): no pending row left for the replacement.
  assert.deepEqual(
    mergeActivity([sped], [entry(6)], () => 'ethereum').map((row) => [row.status, row.hash]),
    [['confirmed', hash(6)]],
  )
})

test('behavior: canceling stays on top; a canceled transaction merges by time and hides its self-transfer', () => {
  const canceling = replacement(8, 'swap', 9, { status: 'canceling' as const })
  const canceled = replacement(4, 'send', 1, { status: 'canceled' as const, finishedAt: 1002_000 })
  const rows = mergeActivity([canceled, canceling], [entry(5), entry(4, 'self'), entry(1)], () => 'ethereum')
  assert.deepEqual(
    rows.map((row) => [row.status, row.hash]),
    [
      ['canceling', hash(8)],
      ['confirmed', hash(5)],
      ['canceled', hash(4)],
      ['confirmed', hash(1)],
    ],
  )
})

test('behavior: a failed (reverted) transaction stays in Activity as failed, merged by when it was mined', () => {
  const failed = {
    hash: hash(7),
    chainId: 1,
    kind: 'approve' as const,
    addedAt: 1,
    status: 'failed' as const,
    finishedAt: 1003_000,
  }
  const rows = mergeActivity([failed], [entry(5), entry(1)], () => 'ethereum')
  assert.deepEqual(
    rows.map((row) => [row.status, row.hash]),
    [
      ['confirmed', hash(5)],
      ['failed', hash(7)],
      ['confirmed', hash(1)],
    ],
  )
  // were an indexer to list the reverted transaction, it still shows once, as failed
  const listed = mergeActivity([failed], [entry(7)], () => 'ethereum')
  assert.deepEqual(
    listed.map((row) => [row.status, row.hash]),
    [['failed', hash(7)]],
  )
})
