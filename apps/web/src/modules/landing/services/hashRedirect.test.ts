import assert from 'node:assert/strict'
import { test } from 'node:test'
import { pageHashTarget } from './hashRedirect.ts'

const at = (href: string) => pageHashTarget(new URL(href))

test('behavior: "/" with a hash path redirects to that path, query included', () => {
  assert.equal(at('http://localhost:5173/#/explore/tokens'), '/explore/tokens')
  assert.equal(at('http://localhost/#/swap?chain=base&value=1'), '/swap?chain=base&value=1')
  assert.equal(
    at('http://localhost/?lng=fr#/explore/tokens/ethereum/0xabc'),
    '/explore/tokens/ethereum/0xabc',
  )
  assert.equal(at('http://localhost/#/explore/../swap'), '/swap', 'dot segments resolve inside the origin')
  assert.equal(at('http://localhost/#/'), '/')
})

test('behavior: no redirect without a hash path, or away from "/"', () => {
  assert.equal(at('http://localhost/'), null)
  assert.equal(at('http://localhost/#top'), null)
  assert.equal(at('http://localhost/#'), null)
  assert.equal(at('http://localhost/swap#/explore'), null)
})

test('error: a hash that would leave the origin is refused', () => {
  for (const hash of [
    '#//evil.example/path',
    '#///evil.example',
    '#/\\evil.example',
    '#/\\/evil.example',
    '#/%09/evil.example',
    '#javascript:alert(1)',
    '#https://evil.example/',
    '#/ /evil.example',
  ]) {
    const href = `http://localhost/${hash}`
    const result = at(href)
    assert.ok(result === null || (result.startsWith('/') && !result.startsWith('//')), `${href} -> ${result}`)
  }
  assert.equal(at('http://localhost/#//evil.example/path'), null)
  assert.equal(at('http://localhost/#/\\evil.example'), null)
  assert.equal(at('http://localhost/#https://evil.example/'), null)
})
