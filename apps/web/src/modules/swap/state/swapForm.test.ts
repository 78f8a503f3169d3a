import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  flipSwapForm,
  parseSwapParams,
  selectChain,
  selectCurrency,
  swapParamsSignature,
  typeValue,
  writeSwapParams,
} from './swapForm.ts'

const networks = [{ slug: 'ethereum' }, { slug: 'base' }]
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const parse = (query: string) => parseSwapParams(new URLSearchParams(query), networks)

test('behavior: query params prefill currencies, typed value, independent field and chain', () => {
  assert.deepEqual(parse(`chain=base&inputCurrency=ETH&outputCurrency=${USDC}&value=1.5&field=output`), {
    chain: 'base',
    inputCurrency: 'ETH',
    outputCurrency: USDC,
    typedValue: '1.5',
    independentField: 'OUTPUT',
  })
})

test('behavior: defaults are the native currency as input on Ethereum, exact input', () => {
  assert.deepEqual(parse(''), {
    chain: 'ethereum',
    inputCurrency: 'ETH',
    outputCurrency: null,
    typedValue: '',
    independentField: 'INPUT',
  })
  // The native currency asked for as output is not also the default input.
  assert.equal(parse('outputCurrency=ETH').inputCurrency, null)
  assert.equal(parse(`outputCurrency=${USDC}`).inputCurrency, 'ETH')
})

test('behavior: invalid params are ignored, never an error', () => {
  const state = parse(
    'chain=atlantis&inputCurrency=<script>&outputCurrency=' +
      encodeURIComponent('0x12 drop') +
      '&value=1e18&field=sideways',
  )
  assert.deepEqual(state, {
    chain: 'ethereum',
    inputCurrency: 'ETH',
    outputCurrency: null,
    typedValue: '',
    independentField: 'INPUT',
  })
  assert.equal(parse('value=-1').typedValue, '')
  assert.equal(parse('value=1,25').typedValue, '1.25')
  assert.equal(parse('value=.5').typedValue, '.5')
  assert.equal(parse(`value=${'9'.repeat(100)}`).typedValue, '')
  // The same currency on both sides keeps only the input.
  assert.equal(parse(`inputCurrency=${USDC}&outputCurrency=${USDC.toLowerCase()}`).outputCurrency, null)
  assert.equal(
    parse('inputCurrency=ETH&outputCurrency=0x0000000000000000000000000000000000000000').outputCurrency,
    null,
  )
})

test('behavior: written back to the URL, other params kept, empty ones removed', () => {
  const state = typeValue(parse(`outputCurrency=${USDC}`), 'INPUT', '2')
  const written = writeSwapParams(new URLSearchParams('lng=fr-FR&value=9'), state)
  assert.equal(
    written.toString(),
    `lng=fr-FR&value=2&inputCurrency=ETH&outputCurrency=${encodeURIComponent(USDC)}&field=INPUT&chain=ethereum`,
  )
  const cleared = writeSwapParams(written, { ...state, typedValue: '' })
  assert.equal(cleared.has('value'), false)
  assert.equal(cleared.has('field'), false)
  assert.equal(swapParamsSignature(written), swapParamsSignature(new URLSearchParams(written)))
  assert.notEqual(swapParamsSignature(written), swapParamsSignature(cleared))
})

test('behavior: flip swaps the tokens and the independent field', () => {
  const state = typeValue(parse(`inputCurrency=ETH&outputCurrency=${USDC}`), 'INPUT', '1')
  assert.deepEqual(flipSwapForm(state), {
    ...state,
    inputCurrency: USDC,
    outputCurrency: 'ETH',
    independentField: 'OUTPUT',
  })
})

test("behavior: typing makes a field independent; choosing the other side's token swaps them", () => {
  const state = parse(`inputCurrency=ETH&outputCurrency=${USDC}`)
  assert.equal(typeValue(state, 'OUTPUT', '3').independentField, 'OUTPUT')
  const swapped = selectCurrency(state, 'INPUT', USDC.toLowerCase())
  assert.equal(swapped.inputCurrency, USDC)
  assert.equal(swapped.outputCurrency, 'ETH')
  assert.equal(
    selectCurrency(state, 'OUTPUT', '0xdAC17F958D2ee523a2206206994597C13D831ec7').inputCurrency,
    'ETH',
  )
})

test('behavior: choosing a chain clears currencies, value and field', () => {
  assert.deepEqual(selectChain('base', networks), {
    chain: 'base',
    inputCurrency: 'ETH',
    outputCurrency: null,
    typedValue: '',
    independentField: 'INPUT',
  })
})
