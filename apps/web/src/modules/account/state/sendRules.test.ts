import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  amountError,
  flyoutRecipients,
  isNewAddress,
  lookalikeOf,
  parseRecipient,
  reachesNativeBalance,
  recentRecipients,
  recipientProblem,
  sendButton,
  showMax,
} from './sendRules.ts'

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** A connected send form with a valid recipient and amount: the button says send. */
const readyToSend = {
  connected: true,
  recipientText: A,
  resolved: A as `0x${string}`,
  amount: 1n,
  inputError: false,
  checking: false,
}

test('behavior: the recipient has its whitespace stripped, then is an address, ENS name or username', () => {
  assert.deepEqual(parseRecipient(`  ${A.slice(0, 10)} ${A.slice(10)}\n`), { kind: 'address', address: A })
  assert.deepEqual(parseRecipient('Vitalik.eth'), { kind: 'ens', name: 'vitalik.eth' })
  assert.deepEqual(parseRecipient('alice42'), { kind: 'username', name: 'alice42' })
  assert.deepEqual(parseRecipient('0x1234'), { kind: 'invalid' })
  assert.deepEqual(parseRecipient('<b>x</b>'), { kind: 'invalid' })
  assert.deepEqual(parseRecipient('   '), { kind: 'empty' })
})

test('behavior: button labels in the spec order', () => {
  const base = readyToSend
  assert.deepEqual(sendButton({ ...base, connected: false }), { label: 'connect', disabled: false })
  assert.deepEqual(sendButton({ ...base, resolved: null }), { label: 'invalidRecipient', disabled: true })
  assert.deepEqual(sendButton({ ...base, amount: null }), { label: 'noAmount', disabled: true })
  assert.deepEqual(sendButton({ ...base, recipientText: '', resolved: null, amount: null }), {
    label: 'noAmount',
    disabled: true,
  })
  assert.deepEqual(sendButton({ ...base, recipientText: ' ', resolved: null, amount: 5n }), {
    label: 'noRecipient',
    disabled: true,
  })
  assert.deepEqual(sendButton(base), { label: 'send', disabled: false })
  assert.deepEqual(sendButton({ ...base, inputError: true }), { label: 'send', disabled: true })
  assert.deepEqual(sendButton({ ...base, checking: true }), { label: 'send', disabled: true })
})

test('behavior: Max only with a balance above zero and an amount that is not the whole balance', () => {
  assert.equal(showMax(0n, null), false)
  assert.equal(showMax(null, null), false)
  assert.equal(showMax(10n, 10n), false)
  assert.equal(showMax(10n, 3n), true)
  assert.equal(showMax(10n, null), true)
})

test('error: insufficient funds, and for gas: native balance below the fee (plus the amount when native)', () => {
  const base = { amount: 5n, balance: 10n, nativeBalance: 10n, fee: 3n, native: false }
  assert.equal(amountError({ ...base, amount: 11n }), 'INSUFFICIENT_FUNDS')
  assert.equal(amountError(base), null)
  assert.equal(amountError({ ...base, nativeBalance: 2n }), 'INSUFFICIENT_FUNDS_FOR_GAS')
  assert.equal(amountError({ ...base, native: true, amount: 8n }), 'INSUFFICIENT_FUNDS_FOR_GAS')
  assert.equal(amountError({ ...base, native: true, amount: 7n }), null)
  assert.equal(reachesNativeBalance(true, 10n, 10n), true)
  assert.equal(reachesNativeBalance(false, 10n, 10n), false)
})

test('behavior: recent recipients count only single-asset sends of non-spam tokens; 3 in the flyout', () => {
  const send = (to: string, t: number, changes = [{ token: { isSpam: false }, direction: 'OUT' }]) => ({
    type: 'SEND',
    timestamp: t,
    counterparty: to,
    assetChanges: changes,
  })
  const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
  const C = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
  const D = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
  const recents = recentRecipients([
    send(A, 5),
    send(A, 1),
    send(B, 4, [{ token: { isSpam: true }, direction: 'OUT' }]),
    send(B, 3, [
      { token: { isSpam: false }, direction: 'OUT' },
      { token: { isSpam: false }, direction: 'OUT' },
    ]),
    send(C, 6),
    send(D, 2),
    { type: 'SWAP', timestamp: 9, counterparty: B, assetChanges: [] },
    send(B, 7),
  ])
  assert.deepEqual(
    recents.map((r) => [r.address, r.count]),
    [
      [B, 1],
      [C, 1],
      [A, 2],
      [D, 1],
    ],
  )
  assert.equal(flyoutRecipients(recents).length, 3)
  assert.equal(isNewAddress(A.toLowerCase(), recents), false)
  assert.equal(isNewAddress('0x0000000000000000000000000000000000000001', recents), true)
})

test('behavior: a look-alike of a recent recipient (same first and last 4 hex digits) is flagged; the real one is not', () => {
  const recents = [{ address: A as `0x${string}`, count: 2, lastSent: 1 }]
  const fake = `${A.slice(0, 6)}${'0'.repeat(30)}${A.slice(-4)}`
  assert.equal(lookalikeOf(fake, recents)?.address, A)
  assert.equal(lookalikeOf(A.toLowerCase(), recents), null)
  assert.equal(lookalikeOf('0x0000000000000000000000000000000000000001', recents), null)
})

test('behavior: a blocked sender cannot send; a blocked recipient is refused', () => {
  const base = readyToSend
  assert.deepEqual(sendButton({ ...base, senderBlocked: true }), { label: 'blocked', disabled: true })
  assert.deepEqual(sendButton({ ...base, senderBlocked: true, recipientText: '', resolved: null }), {
    label: 'blocked',
    disabled: true,
  })
  assert.deepEqual(sendButton({ ...base, recipientBlocked: true }), {
    label: 'recipientBlocked',
    disabled: true,
  })
  assert.deepEqual(sendButton({ ...base, recipientBlocked: true, amount: null }), {
    label: 'recipientBlocked',
    disabled: true,
  })
  assert.deepEqual(sendButton({ ...base, recipientBlocked: false }), { label: 'send', disabled: false })
})

test('error: the zero address and the sender’s own address are invalid recipients (button disabled)', () => {
  const me = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const zero = '0x0000000000000000000000000000000000000000'
  assert.equal(recipientProblem(zero, me), 'zeroAddress')
  assert.equal(recipientProblem(zero, null), 'zeroAddress', 'refused before connecting too')
  assert.equal(recipientProblem(me.toLowerCase(), me), 'ownAddress', 'any letter case')
  assert.equal(recipientProblem('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', me), null)
  assert.equal(recipientProblem(null, me), null)
  const state = {
    connected: true,
    recipientText: zero,
    resolved: zero as `0x${string}`,
    amount: 5n,
    inputError: false,
    checking: false,
  }
  assert.deepEqual(sendButton({ ...state, recipientProblem: 'zeroAddress' }), {
    label: 'invalidRecipient',
    disabled: true,
  })
  assert.deepEqual(
    sendButton({ ...state, recipientText: me, resolved: me, recipientProblem: recipientProblem(me, me) }),
    { label: 'invalidRecipient', disabled: true },
  )
  assert.deepEqual(sendButton({ ...state, recipientProblem: null }), { label: 'send', disabled: false })
})
