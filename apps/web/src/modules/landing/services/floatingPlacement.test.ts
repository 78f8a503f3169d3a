import assert from 'node:assert/strict'
import { test } from 'node:test'
import { seededRandom } from '@oxbow/core'
import {
  FLOATING_MAX_TRIES,
  type FloatingPlacement,
  placeFloatingTokens,
  type Rect,
  viewportSeed,
} from './floatingPlacement.ts'

const viewports: [number, number][] = [
  [1024, 700],
  [1280, 800],
  [1440, 900],
  [1920, 1080],
  [2560, 1440],
]

function checkBounds(placements: readonly FloatingPlacement[], width: number, height: number, avoid: Rect[]) {
  for (const p of placements) {
    assert.ok(p.size >= 50 && p.size <= 96, `size ${p.size}`)
    assert.ok(p.opacity >= 0.5 && p.opacity <= 1, `opacity ${p.opacity}`)
    assert.ok(p.spacing >= 250 && p.spacing <= 375, `spacing ${p.spacing}`)
    assert.ok(p.tries >= 1 && p.tries <= FLOATING_MAX_TRIES, `tries ${p.tries}`)
    assert.ok(p.x - p.size / 2 >= 0 && p.x + p.size / 2 <= width, `x ${p.x} inside ${width}`)
    assert.ok(p.y - p.size / 2 >= 0 && p.y + p.size / 2 <= height, `y ${p.y} inside ${height}`)
    for (const rect of avoid) {
      const nearestX = Math.max(rect.x, Math.min(p.x, rect.x + rect.width))
      const nearestY = Math.max(rect.y, Math.min(p.y, rect.y + rect.height))
      assert.ok(Math.hypot(p.x - nearestX, p.y - nearestY) >= p.size / 2, 'outside the hero content')
    }
  }
  for (const [i, a] of placements.entries()) {
    for (const b of placements.slice(i + 1)) {
      const distance = Math.hypot(a.x - b.x, a.y - b.y)
      assert.ok(distance >= 250, `centres ${distance.toFixed(0)} px apart`)
      assert.ok(distance >= Math.max(a.spacing, b.spacing), 'each logo keeps its own spacing')
    }
  }
}

test('behavior: sizes 50-96 px, opacity 0.5-1, centres 250-375 px apart, inside the layer and off the hero', () => {
  let total = 0
  for (const [width, height] of viewports) {
    const avoid: Rect[] = [{ x: width / 2 - 320, y: 0, width: 640, height }]
    for (let seed = 0; seed < 50; seed++) {
      const placements = placeFloatingTokens({ width, height, count: 20, seed, avoid })
      checkBounds(placements, width, height, avoid)
      total += placements.length
    }
  }
  assert.ok(total > 250 * 2, `logos are actually placed (${total} over 250 layouts)`)
})

test('behavior: the same viewport gives the same layout; another viewport another one', () => {
  const a = placeFloatingTokens({ width: 1440, height: 900, count: 12, seed: viewportSeed(1440, 900) })
  const b = placeFloatingTokens({ width: 1440, height: 900, count: 12, seed: viewportSeed(1440, 900) })
  assert.deepEqual(a, b)
  assert.ok(a.length > 0)
  assert.equal(viewportSeed(1440, 900), viewportSeed(1440.2, 899.8), 'sub-pixel noise does not move logos')
  assert.notEqual(viewportSeed(1440, 900), viewportSeed(1441, 900))
  const c = placeFloatingTokens({ width: 1441, height: 900, count: 12, seed: viewportSeed(1441, 900) })
  assert.notDeepEqual(a, c)
})

test('behavior: at most 10 placement tries per logo, then it is skipped', () => {
  // A layer with room for one logo: the first takes it on the first try, every other one gives up
  // after exactly 10 candidate spots (2 random numbers each, after size, opacity and spacing).
  const inner = seededRandom(7)
  let calls = 0
  const random = () => {
    calls++
    return inner()
  }
  const placements = placeFloatingTokens({ width: 200, height: 200, count: 5, seed: 0, random })
  assert.equal(placements.length, 1)
  assert.equal(placements[0]?.index, 0)
  assert.equal(placements[0]?.tries, 1)
  assert.equal(calls, 3 + 2 + 4 * (3 + 2 * FLOATING_MAX_TRIES))
})

test('behavior: a logo placed on a later try keeps its index; skipped ones leave gaps', () => {
  const placements = placeFloatingTokens({ width: 1920, height: 1080, count: 40, seed: 42 })
  const indexes = placements.map((p) => p.index)
  assert.deepEqual(
    indexes,
    [...indexes].sort((x, y) => x - y),
    'in input order',
  )
  assert.ok(placements.length < 40, 'a crowded layer skips some logos')
  assert.ok(
    placements.some((p) => p.tries > 1),
    'some logos needed more than one try',
  )
})

test('error: an empty or too small layer places nothing', () => {
  assert.deepEqual(placeFloatingTokens({ width: 0, height: 800, count: 5, seed: 1 }), [])
  assert.deepEqual(placeFloatingTokens({ width: 40, height: 40, count: 5, seed: 1 }), [])
  assert.deepEqual(placeFloatingTokens({ width: 800, height: 800, count: 0, seed: 1 }), [])
})
