import assert from 'node:assert/strict'
import { test } from 'node:test'
import { CoreError, errorCatalogue, isCoreError, userFacingText } from '@oxbow/core'
import { classifyRevert, classifySwapApiError, mapQuoteError } from './errors.ts'
import { RpcError } from './rpc.ts'
import { TradingApiError } from './tradingApi.ts'

const api = (code: string, message = code) => new TradingApiError(code, message, 400)

test('error: quote errors map to the spec messages', () => {
  assert.deepEqual(mapQuoteError(api('NO_QUOTES_FOUND')), { kind: 'noQuotes', retry: false })
  assert.deepEqual(mapQuoteError(api('INSUFFICIENT_LIQUIDITY')), { kind: 'noQuotes', retry: false })
  assert.deepEqual(mapQuoteError(api('UNSUPPORTED_NETWORK')), { kind: 'unsupportedNetwork', retry: false })
  assert.deepEqual(mapQuoteError(api('UNSUPPORTED_TOKEN', 'honeypot token: it can be bought but not sold')), {
    kind: 'unsupportedToken',
    reason: 'honeypot token: it can be bought but not sold',
    retry: false,
  })
  assert.deepEqual(mapQuoteError(api('RATE_LIMIT_EXCEEDED')), { kind: 'rateLimited', retry: true })
  assert.deepEqual(mapQuoteError(api('NETWORK_ERROR')), { kind: 'generic', retry: true })
  assert.deepEqual(mapQuoteError(api('SERVICE_UNAVAILABLE')), { kind: 'generic', retry: true })
  assert.deepEqual(mapQuoteError(new TypeError('x')), { kind: 'generic', retry: true })
})

test('error: reverts map to their cause, looking through wrapped errors', () => {
  assert.equal(classifyRevert({ name: 'V2TooLittleReceived', args: [] }), 'slippage')
  assert.equal(classifyRevert({ name: 'TooMuchRequested', args: [] }), 'slippage')
  assert.equal(classifyRevert({ name: 'TransactionDeadlinePassed', args: [] }), 'deadline')
  assert.equal(classifyRevert({ name: 'Error', args: ['UniswapV2Router: EXPIRED'] }), 'deadline')
  assert.equal(
    classifyRevert({ name: 'Error', args: ['UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT'] }),
    'slippage',
  )
  assert.equal(
    classifyRevert({ name: 'WrappedError', args: [], inner: { name: 'SignatureExpired', args: [1n] } }),
    'signatureExpired',
  )
  assert.equal(classifyRevert({ name: 'Panic', args: [17n] }), 'generic')
  assert.equal(classifyRevert(undefined), 'generic')
})

test('error: /v1/swap refusals map by field', () => {
  const refused = (path: string, message: string) =>
    new TradingApiError('INVALID_INPUT', 'Invalid request body', 400, undefined, [{ path, message }])
  assert.equal(classifySwapApiError(refused('deadline', 'deadline has passed')), 'deadline')
  assert.equal(classifySwapApiError(refused('permit.message.sigDeadline', 'has passed')), 'signatureExpired')
  assert.equal(classifySwapApiError(refused('amount', 'bad')), 'generic')
  assert.equal(classifySwapApiError(api('NO_QUOTES_FOUND')), 'noQuotes')
  assert.equal(classifySwapApiError(api('INVALID_RECIPIENT', 'Invalid recipient')), 'invalidRecipient')
  assert.equal(classifySwapApiError(new Error('x')), 'generic')
})

test('behavior: the web errors are CoreErrors, and core maps them to the spec text', () => {
  const noQuotes = new TradingApiError('NO_QUOTES_FOUND', 'No quotes found', 404)
  const rpc = new RpcError('NOT_A_TOKEN', 'Not a token', 'symbol() reverted')
  for (const error of [noQuotes, rpc]) assert.ok(error instanceof CoreError && isCoreError(error))
  assert.equal(rpc.shortMessage, 'Not a token')
  assert.equal(userFacingText(noQuotes), 'No quotes found')
  assert.equal(
    userFacingText(new TradingApiError('RATE_LIMIT_EXCEEDED', 'slow down', 429)),
    errorCatalogue.RATE_LIMITED,
  )
})
