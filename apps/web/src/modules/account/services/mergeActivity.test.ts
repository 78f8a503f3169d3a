import assert from 'node:assert/strict'
import { test } from 'node:test'
import { mergeActivity } from './mergeActivity.ts'
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
