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
