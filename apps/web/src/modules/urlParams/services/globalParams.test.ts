import assert from 'node:assert/strict'
import { test } from 'node:test'
import { applyChainSelection, applyCurrencyParam, parseGlobalParams } from './globalParams.ts'

const rules = {
  isCurrency: (code: string) => ['USD', 'EUR', 'JPY'].includes(code),
  matchLocale: (tag: string) =>
    tag.toLowerCase().startsWith('fr') ? 'fr-FR' : tag === 'ar' ? 'ar-SA' : undefined,
}
const parse = (query: string) => parseGlobalParams(new URLSearchParams(query), rules)
const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

test('behavior: valid values are taken', () => {
  assert.deepEqual(
    parse(
      `cur=eur&theme=dark&lng=fr&disableNFTs=true&eagerlyConnect=true&eagerlyConnectAddress=${address}&intro=true`,
    ),
    {
      cur: 'EUR',
      theme: 'dark',
      lng: 'fr-FR',
      disableNFTs: true,
      eagerlyConnect: true,
      eagerlyConnectAddress: address,
      intro: true,
    },
  )
})

test('error: invalid values are ignored', () => {
  assert.deepEqual(parse('cur=XYZ&theme=auto&lng=zz&disableNFTs=yes&eagerlyConnect=1&intro=maybe'), {})
  assert.deepEqual(parse('lng=<script>'), {})
})

test('behavior: eagerlyConnectAddress only with eagerlyConnect and only when valid', () => {
  assert.deepEqual(parse(`eagerlyConnectAddress=${address}`), {})
  assert.deepEqual(parse('eagerlyConnect=true&eagerlyConnectAddress=0x1234'), { eagerlyConnect: true })
})

test('behavior: choosing a chain clears inputCurrency, outputCurrency, value and field and sets chain', () => {
  const next = applyChainSelection(
    new URLSearchParams('inputCurrency=ETH&outputCurrency=0xa&value=1&field=INPUT&chain=base&x=1'),
    'unichain',
  )
  assert.equal(next.toString(), 'chain=unichain&x=1')
})

test('behavior: choosing a currency adds or updates cur', () => {
  assert.equal(applyCurrencyParam(new URLSearchParams('a=1'), 'EUR').toString(), 'a=1&cur=EUR')
  assert.equal(applyCurrencyParam(new URLSearchParams('cur=JPY'), 'EUR').toString(), 'cur=EUR')
})
