import assert from 'node:assert/strict'
import { mock, test } from 'node:test'
import {
  cancelDrawerReset,
  drawerNavigation,
  parsePortfolioTab,
  scheduleDrawerReset,
  showDrawerView,
  viewDepth,
} from './drawerState.ts'

test('behavior: the depth rule: default 0; settings, pools, other wallets 1; the rest 2', () => {
  assert.deepEqual(
    (
      [
        'default',
        'settings',
        'pools',
        'otherWallets',
        'language',
        'currency',
        'portfolioBalance',
        'limits',
        'passkeys',
      ] as const
    ).map(viewDepth),
    [0, 1, 1, 1, 2, 2, 2, 2, 2],
  )
})

test('behavior: deeper slides forward, same depth or shallower backward', () => {
  drawerNavigation.set({ view: 'default', direction: null })
  showDrawerView('settings')
  assert.deepEqual(drawerNavigation.get(), { view: 'settings', direction: 'forward' })
  showDrawerView('language')
  assert.equal(drawerNavigation.get().direction, 'forward')
  showDrawerView('currency')
  assert.equal(drawerNavigation.get().direction, 'backward', 'same depth')
  showDrawerView('default')
  assert.equal(drawerNavigation.get().direction, 'backward')
})

test('behavior: closed away from the default view, it resets 250 ms later; reopening first cancels it', () => {
  mock.timers.enable({ apis: ['setTimeout'] })
  try {
    drawerNavigation.set({ view: 'settings', direction: 'forward' })
    scheduleDrawerReset()
    mock.timers.tick(249)
    assert.equal(drawerNavigation.get().view, 'settings')
    mock.timers.tick(1)
    assert.equal(drawerNavigation.get().view, 'default')

    drawerNavigation.set({ view: 'pools', direction: 'forward' })
    scheduleDrawerReset()
    mock.timers.tick(100)
    cancelDrawerReset()
    mock.timers.tick(500)
    assert.equal(drawerNavigation.get().view, 'pools')
  } finally {
    mock.timers.reset()
  }
})

test('error: a stored tab that is not one of the four reads as Tokens', () => {
  assert.equal(parsePortfolioTab('activity'), 'activity')
  assert.equal(parsePortfolioTab('<script>'), 'tokens')
  assert.equal(parsePortfolioTab(null), 'tokens')
})
