import assert from 'node:assert/strict'
import { test } from 'node:test'
import * as z from 'zod/mini'
import { CHECKSUM_MESSAGE, hexAddress } from './requests.ts'

const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const schema = hexAddress('an EVM address')

test('behavior: hexAddress keeps an address as sent in any case that carries no typo', () => {
  for (const sent of [DAI, DAI.toLowerCase(), `0x${DAI.slice(2).toUpperCase()}`])
    assert.equal(schema.parse(sent), sent)
})

test('behavior: hexAddress refuses a mixed-case address whose EIP-55 checksum does not match', () => {
  const typo = DAI.replace('B', 'b') // one letter's case flipped
  const result = z.safeParse(schema, typo)
  assert.equal(result.success, false)
  assert.deepEqual(
    result.error?.issues.map((i) => i.message),
    [CHECKSUM_MESSAGE],
  )
})

test('behavior: hexAddress gives its own message for a malformed address', () => {
  const result = z.safeParse(schema, '0x1234')
  assert.deepEqual(
    result.error?.issues.map((i) => i.message),
    ['an EVM address'],
  )
})
