import assert from 'node:assert/strict'
import { test } from 'node:test'
import { INITIAL_JS_BUDGET_BYTES, measureInitialJs } from '../bench/measureInitialJs.ts'
import { webSuite } from './support.ts'

const suite = webSuite()

for (const path of ['/', '/swap']) {
  test(`budget: initial JavaScript of ${path} is at most 200 KB gzip`, async (t) => {
    const measured = await measureInitialJs(suite.browser, suite.web.url, path)
    t.diagnostic(`${path}: ${measured.gzipBytes} B gzip of ${INITIAL_JS_BUDGET_BYTES} B`)
    assert.ok(measured.files.length > 0, 'scripts were measured')
    assert.ok(
      measured.gzipBytes <= INITIAL_JS_BUDGET_BYTES,
      `${path}: ${(measured.gzipBytes / 1024).toFixed(1)} KB gzip > 200 KB (${measured.files.map((f) => `${f.url} ${f.gzipBytes}`).join(', ')})`,
    )
  })
}
