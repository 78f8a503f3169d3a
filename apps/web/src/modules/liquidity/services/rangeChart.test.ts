import assert from 'node:assert/strict'
import { test } from 'node:test'
import { fullRangeTicks } from './positionMath.ts'
import { chartDomain, depthBars, fractionOfTick, keepApart, stepTick, tickAtFraction } from './rangeChart.ts'

test('behavior: the chart centres the current tick and holds the chosen range with a margin', () => {
  const d = chartDomain(1000, { tickLower: 400, tickUpper: 1300 }, 60, false)
  assert.ok(d.from < 400 && d.to > 1300, JSON.stringify(d))
  assert.equal(d.to - 1000, 1000 - d.from, 'centred on the current tick')
  const none = chartDomain(0, null, 60, false)
  assert.deepEqual([none.from, none.to], [-2232, 2232])
  // Full range shows the default window, never past the usable ticks.
  const full = fullRangeTicks(60)
  assert.deepEqual(chartDomain(0, full, 60, false), none)
  const edge = chartDomain(full.tickUpper - 10, null, 60, false)
  assert.equal(edge.to, full.tickUpper)
})

test('behavior: a point on the chart lands on the nearest usable tick, both ways round', () => {
  const d = chartDomain(0, null, 60, false)
  assert.equal(tickAtFraction(d, 0.5, 60), 0)
  assert.equal(tickAtFraction(d, 1, 60), 2220)
  assert.equal(tickAtFraction(d, 2, 60), 2220, 'clamped to the chart')
  assert.equal(fractionOfTick(d, 0), 0.5)
  const r = { ...d, reversed: true }
  assert.equal(tickAtFraction(r, 1, 60), -2220, 'reversed: the right end is the lowest tick')
  assert.equal(fractionOfTick(r, -2232), 1)
  for (const f of [0.1, 0.37, 0.9]) {
    const t = tickAtFraction(d, f, 60)
    assert.ok(Math.abs(fractionOfTick(d, t) - f) <= 30 / (d.to - d.from), `${f} -> ${t}`)
  }
})

test('behavior: arrow keys move one spacing towards a higher or lower price; handles never cross', () => {
  assert.equal(stepTick(120, 1, 60, false), 180)
  assert.equal(stepTick(120, -1, 60, false), 60)
  assert.equal(stepTick(120, 1, 60, true), 60, 'reversed: a higher price is a lower tick')
  assert.equal(stepTick(125, 0, 60, false), 120, 'aligned to the spacing')
  const full = fullRangeTicks(60)
  assert.equal(stepTick(full.tickUpper, 10, 60, false), full.tickUpper)
  assert.equal(keepApart('min', 600, 600, 60, false), 540)
  assert.equal(keepApart('max', 500, 600, 60, false), 660)
  assert.equal(keepApart('min', 500, 600, 60, true), 660, 'reversed: min price is the higher tick')
  assert.equal(keepApart('min', 900, 600, 60, true), 900)
})

test('behavior: depth bars follow the indexed ranges clipped to the chart, the current one marked', () => {
  const d = { from: -100, to: 100, reversed: false }
  const bars = depthBars(
    d,
    [
      { tick: -300, liquidity: 5n },
      { tick: -50, liquidity: 10n },
      { tick: 50, liquidity: 0n },
      { tick: 80, liquidity: 20n },
      { tick: 400, liquidity: 0n },
    ],
    0,
  )
  assert.deepEqual(
    bars.map((b) => [b.x, Math.round(b.width * 1e9) / 1e9, b.height, b.current]),
    [
      [0, 0.25, 0.25, false],
      [0.25, 0.5, 0.5, true],
      [0.9, 0.1, 1, false],
    ],
  )
})
