/** The block gate (src/lib/blockGate.ts): queries see complete blocks only. */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createBlockGate } from '../src/lib/blockGate.ts'

const tick = () => new Promise((r) => setImmediate(r))

describe('block gate', () => {
  it('behavior: blocks before the first Clock block (the backfill) are not gated', async () => {
    const gate = createBlockGate()
    assert.equal(gate.writing(1, 10n), undefined)
    let ran = false
    await gate.read(async () => {
      ran = true
    })
    assert.ok(ran, 'nothing holds the gate')
  })

  it('behavior: a query arriving mid-block runs once the block completes, not before', async () => {
    const gate = createBlockGate()
    gate.complete(1, 100n) // the first Clock block: later blocks are gated
    await gate.writing(1, 101n)
    const order: string[] = []
    const query = gate.read(async () => {
      order.push('query')
    })
    await tick()
    order.push('still writing')
    await gate.writing(1, 101n) // the same block's next event: no wait
    gate.complete(1, 101n)
    await query
    assert.deepEqual(order, ['still writing', 'query'])
  })

  it('behavior: a block waits for the queries in flight, and new queries wait behind it', async () => {
    const gate = createBlockGate()
    gate.complete(1, 100n)
    const order: string[] = []
    let finishFirst: () => void = () => {}
    const first = gate.read(
      () =>
        new Promise<void>((done) => {
          finishFirst = () => {
            order.push('first query done')
            done()
          }
        }),
    )
    await tick()
    const writing = gate.writing(1, 101n)
    assert.ok(writing, 'the block waits for the query in flight')
    void writing?.then(() => order.push('block writes'))
    const second = gate.read(async () => {
      order.push('second query')
    })
    await tick()
    assert.deepEqual(order, [], 'neither the block nor the later query went ahead')
    finishFirst()
    await first
    await writing
    await tick()
    assert.deepEqual(order, ['first query done', 'block writes'])
    gate.complete(1, 101n)
    await second
    assert.deepEqual(order, ['first query done', 'block writes', 'second query'])
  })

  it('error: a block that never completes holds the gate at most maxHoldMs; a query waits at most maxWaitMs', async () => {
    const held = createBlockGate({ maxHoldMs: 30, maxWaitMs: 10_000 })
    held.complete(1, 1n)
    await held.writing(1, 2n)
    const started = performance.now()
    await held.read(async () => {})
    assert.ok(performance.now() - started < 1_000)
    const waited = createBlockGate({ maxHoldMs: 10_000, maxWaitMs: 30 })
    waited.complete(1, 1n)
    await waited.writing(1, 2n)
    const t = performance.now()
    await waited.read(async () => {})
    assert.ok(performance.now() - t < 1_000)
    waited.complete(1, 2n)
  })
})

describe('start output', () => {
  it('behavior: the lines Ponder prints on every start that need no action are dropped, warnings and errors are not', async () => {
    const { isStartNoise } = await import('../scripts/launcher.ts')
    for (const line of [
      '2026-11-25T15:21:41.584Z [ponder_sync migration] started 2025_02_19_0_primary_key',
      "3:21:42 PM WARN  sync       Deleting cache records for 'ethereum'",
      "3:21:42 PM WARN  build      Network 'ethereum' is using a public RPC URL (http://127.0.0.1:8545). Most apps require an RPC URL with a higher rate limit.",
    ])
      assert.equal(isStartNoise(line), true, line)
    for (const line of [
      "3:21:42 PM WARN  realtime   Detected reorg on 'ethereum'",
      '3:21:42 PM ERROR indexing   Error while processing event',
      "3:21:42 PM WARN  build      Network 'x' is using a public RPC URL (https://eth.llamarpc.com).",
    ])
      assert.equal(isStartNoise(line), false, line)
  })
})
