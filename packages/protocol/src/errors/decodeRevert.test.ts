import assert from 'node:assert/strict'
import { test } from 'node:test'
import { encodeErrorResult, parseAbi } from 'viem'
import { decodeRevert, errorSignatureOf } from './decodeRevert.ts'

test('behavior: names the raw selectors seen from the npm artifacts', () => {
  assert.equal(errorSignatureOf('0x486aa307'), 'PoolNotInitialized()')
  assert.equal(errorSignatureOf('0x815E1D64'), 'InvalidSigner()')
  assert.equal(errorSignatureOf('0x2c4029e9'), 'ExecutionFailed(uint256,bytes)')
  assert.equal(errorSignatureOf('0xdeadbeef'), null)
})

test('behavior: decodes arguments and unwraps a v4 WrappedError', () => {
  const inner = encodeErrorResult({
    abi: parseAbi(['error Error(string)']),
    errorName: 'Error',
    args: ['nope'],
  })
  const wrapped = encodeErrorResult({
    abi: parseAbi(['error WrappedError(address target, bytes4 selector, bytes reason, bytes details)']),
    errorName: 'WrappedError',
    args: ['0x0000000000000000000000000000000000000001', '0x12345678', inner, '0x'],
  })
  const decoded = decodeRevert(wrapped)
  assert.equal(decoded.name, 'WrappedError')
  assert.equal(decoded.inner?.name, 'Error')
  assert.deepEqual(decoded.inner?.args, ['nope'])
})

test('behavior: empty or unknown revert data', () => {
  assert.deepEqual(decodeRevert('0x'), { selector: '0x', name: null, signature: null, args: [] })
  assert.equal(decodeRevert('0xdeadbeef').name, null)
})
