import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { checkCatalog, placeholders } from '../scripts/coverage-lib.ts'

const english = {
  greet: 'Hello {name}',
  count: '{n, plural, one {# item} other {# items}}',
  link: 'Read <b>more</b>',
}

describe('coverage check', () => {
  it('collects argument names and kinds, including inside plurals and tags', () => {
    assert.deepEqual(placeholders('{a} {n, plural, other {{b} #}} <x>{c, number}</x>'), [
      '<x>',
      'a:argument',
      'b:argument',
      'c:number',
      'n:plural',
    ])
  })

  it('accepts a faithful translation with other plural categories', () => {
    const report = checkCatalog(
      'xx',
      { greet: 'Hallo {name}', count: '{n, plural, other {# Dinge}}', link: 'Mehr <b>lesen</b>' },
      english,
    )
    assert.deepEqual(report, { tag: 'xx', translated: 3, total: 3, missing: [], problems: [] })
  })

  it('reports missing keys, ICU syntax errors, changed placeholders and stale keys', () => {
    const report = checkCatalog(
      'xx',
      { greet: 'Hallo {nombre}', count: '{n, plural, one {# item}', old: 'x' },
      english,
    )
    assert.deepEqual(report.missing, ['link'])
    assert.equal(report.translated, 2)
    assert.equal(report.problems.length, 3, report.problems.join('\n'))
    assert.match(report.problems[0] ?? '', /^greet: placeholders \[nombre:argument\] differ/)
    assert.match(report.problems[1] ?? '', /^count: ICU syntax error/)
    assert.match(report.problems[2] ?? '', /^old: not an en-US key/)
  })
})
