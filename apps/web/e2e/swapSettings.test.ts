/**
 * The swap settings popover on /swap in Chromium (the landing helper's web port 25575; the suites
 * run one file at a time): the spec's slippage messages, very high above 20 %, the 3-day deadline
 * maximum, nothing invalid saved, persistence across reloads and malformed storage ignored.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { watchProblems, webSuite } from './support.ts'

const SETTINGS_TEST_PORT = 25575
const KEY = 'oxbow.swap.settings'

const suite = webSuite({ port: SETTINGS_TEST_PORT })

async function withSwap(run: (page: Page) => Promise<void>, stored?: string): Promise<void> {
  const context = await suite.browser.newContext()
  if (stored !== undefined) {
    await context.addInitScript(
      ([key, value]) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem(key as string, value as string)
          sessionStorage.setItem('seeded', '1')
        }
      },
      [KEY, stored],
    )
  }
  const page = await context.newPage()
  const problems = watchProblems(page)
  try {
    await page.goto(`${suite.web.url}/swap`)
    await page.getByTestId('swap-settings').click()
    await page.getByRole('dialog', { name: 'Transaction settings' }).waitFor()
    await run(page)
    assert.deepEqual(problems.errors, [], 'no console errors')
  } finally {
    await context.close()
  }
}

const saved = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY)
const message = async (page: Page, id: 'slippage-message' | 'deadline-message') => {
  const element = page.getByTestId(id)
  return (await element.count()) === 0
    ? null
    : { text: await element.textContent(), kind: await element.getAttribute('data-kind') }
}

describe('swap settings', () => {
  test('error: slippage must be above 0 and below the maximum; an invalid value is never saved', async () => {
    await withSwap(async (page) => {
      const input = page.getByTestId('slippage-input')
      assert.equal(await page.getByTestId('slippage-auto').getAttribute('aria-pressed'), 'true')
      await input.fill('0')
      assert.deepEqual(await message(page, 'slippage-message'), {
        text: 'Enter a value larger than 0',
        kind: 'error',
      })
      await input.fill('50')
      assert.deepEqual(await message(page, 'slippage-message'), {
        text: 'Enter a value less than 50%',
        kind: 'error',
      })
      assert.equal(await saved(page), null, 'nothing saved')
      assert.equal(await page.getByTestId('slippage-auto').getAttribute('aria-pressed'), 'true')
      await input.fill('0.5')
      assert.equal(await message(page, 'slippage-message'), null)
      assert.deepEqual(JSON.parse((await saved(page)) ?? ''), { slippage: 0.5, deadlineMinutes: 30 })
      await input.fill('-1')
      assert.equal((await message(page, 'slippage-message'))?.text, 'Enter a value larger than 0')
      assert.deepEqual(JSON.parse((await saved(page)) ?? ''), { slippage: 0.5, deadlineMinutes: 30 })
    })
  })

  test('behavior: above 20 % is saved but warned as very high; the gear shows the custom value', async () => {
    await withSwap(async (page) => {
      await page.getByTestId('slippage-input').fill('25')
      assert.deepEqual(await message(page, 'slippage-message'), {
        text: 'Very high slippage: your transaction may be frontrun.',
        kind: 'warning',
      })
      assert.equal(JSON.parse((await saved(page)) ?? '').slippage, 25)
      await page.keyboard.press('Escape')
      await page.getByRole('dialog', { name: 'Transaction settings' }).waitFor({ state: 'detached' })
      assert.equal(await page.getByTestId('swap-settings').textContent(), '25% slippage')
      // Auto again.
      await page.getByTestId('swap-settings').click()
      await page.getByTestId('slippage-auto').click()
      assert.equal(await page.getByTestId('slippage-input').inputValue(), '')
      assert.equal(JSON.parse((await saved(page)) ?? '').slippage, 'auto')
    })
  })

  test('error: the deadline is whole minutes above 0 and at most 3 days; valid values survive a reload', async () => {
    await withSwap(async (page) => {
      const input = page.getByTestId('deadline-input')
      assert.equal(await input.inputValue(), '30')
      await input.fill('4321')
      assert.deepEqual(await message(page, 'deadline-message'), {
        text: 'Deadline maximum is 3 days',
        kind: 'error',
      })
      await input.fill('0')
      assert.equal(
        (await message(page, 'deadline-message'))?.text,
        'Enter a whole number of minutes larger than 0',
      )
      await input.fill('2.5')
      assert.equal(
        (await message(page, 'deadline-message'))?.text,
        'Enter a whole number of minutes larger than 0',
      )
      assert.equal(await saved(page), null, 'nothing saved')
      await input.fill('4320')
      assert.equal(await message(page, 'deadline-message'), null)
      await page.getByTestId('slippage-input').fill('1.5')
      await page.reload()
      await page.getByTestId('swap-settings').click()
      assert.equal(await page.getByTestId('deadline-input').inputValue(), '4320')
      assert.equal(await page.getByTestId('slippage-input').inputValue(), '1.5')
      assert.equal(await page.getByTestId('slippage-auto').getAttribute('aria-pressed'), 'false')
    })
  })

  test('error: malformed saved settings read as the defaults (auto, 30 minutes)', async () => {
    await withSwap(async (page) => {
      assert.equal(await page.getByTestId('slippage-auto').getAttribute('aria-pressed'), 'true')
      assert.equal(await page.getByTestId('slippage-input').inputValue(), '')
      assert.equal(await page.getByTestId('deadline-input').inputValue(), '30')
    }, '{"slippage":99,"deadlineMinutes":-4}')
  })
})
