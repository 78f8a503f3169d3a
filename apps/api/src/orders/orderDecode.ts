/**
 * A UniswapX Dutch order decoded directly from its canonical ABI encoding (what the SDK's
 * `serialize()` and Solidity's `abi.encode` write): the same terms as the SDK's
 * `DutchOrder.parse(…).toJSON()`, read from fixed word positions instead of through ethers'
 * generic ABI decoder and BigNumbers (about 0.8 ms an order, the largest part of an order's CPU
 * after the signature). An encoding is taken only when re-encoding the terms read gives back the
 * very same bytes; anything else (offsets elsewhere, dirty padding, trailing bytes, times beyond
 * JavaScript's safe integers) answers null and the caller asks the SDK, so what is accepted and
 * how it reads stay the SDK's. test/orderDigest.test.ts compares both.
 */

import type { DutchOrder } from '@uniswap/uniswapx-sdk'
import { type Address, getAddress, type Hex } from 'viem'

/** The SDK's JSON of a Dutch order (amounts as decimal strings). */
export type DutchOrderTerms = ReturnType<DutchOrder['toJSON']>

const WORD = 64
/** Words before the order info's tuple: the outer offset and the order's nine head words. */
const INFO_WORD = 10

const uint = (hex: string, word: number): bigint => BigInt(`0x${hex.slice(word * WORD, (word + 1) * WORD)}`)
const word = (n: bigint | number): string => n.toString(16).padStart(WORD, '0')
const addressWord = (address: string): string => address.slice(2).toLowerCase().padStart(WORD, '0')

/** EIP-55 spellings of the addresses seen (a swapper's and the listed tokens' come back often). */
const checksummed = new Map<string, Address>()
function checksum(hex: string, at: number): Address {
  const lower = `0x${hex.slice(at * WORD + 24, (at + 1) * WORD)}`
  let address = checksummed.get(lower)
  if (!address) {
    if (checksummed.size >= 10_000) checksummed.clear()
    address = getAddress(lower)
    checksummed.set(lower, address)
  }
  return address
}

/** The terms of `encoded` as the SDK reads them, or null when it is not canonical (see above). */
export function decodeDutchOrder(encoded: Hex, chainId: number, permit2: Address): DutchOrderTerms | null {
  const hex = encoded.slice(2).toLowerCase()
  if (!/^[0-9a-f]*$/.test(hex) || hex.length % WORD !== 0) return null
  const words = hex.length / WORD
  if (words < INFO_WORD + 7 + 1) return null
  const dataLength = uint(hex, INFO_WORD + 6)
  if (dataLength > BigInt(words * 32)) return null
  const dataWords = Math.ceil(Number(dataLength) / 32)
  const outputsWord = INFO_WORD + 7 + dataWords
  if (outputsWord >= words) return null
  const outputCount = uint(hex, outputsWord)
  if (outputCount > BigInt(words)) return null
  const count = Number(outputCount)
  const safe = (n: bigint) => (n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : null)
  const deadline = safe(uint(hex, INFO_WORD + 3))
  const decayStartTime = safe(uint(hex, 2))
  const decayEndTime = safe(uint(hex, 3))
  if (deadline === null || decayStartTime === null || decayEndTime === null) return null
  if (words !== outputsWord + 1 + 4 * count) return null
  const additionalValidationData = `0x${hex.slice((INFO_WORD + 7) * WORD, (INFO_WORD + 7) * WORD + Number(dataLength) * 2)}`
  const terms: DutchOrderTerms = {
    chainId,
    permit2Address: permit2,
    reactor: checksum(hex, INFO_WORD),
    swapper: checksum(hex, INFO_WORD + 1),
    nonce: uint(hex, INFO_WORD + 2).toString(),
    deadline,
    additionalValidationContract: checksum(hex, INFO_WORD + 4),
    additionalValidationData,
    decayStartTime,
    decayEndTime,
    exclusiveFiller: checksum(hex, 4),
    exclusivityOverrideBps: uint(hex, 5).toString(),
    input: {
      token: checksum(hex, 6),
      startAmount: uint(hex, 7).toString(),
      endAmount: uint(hex, 8).toString(),
    },
    outputs: Array.from({ length: count }, (_, i) => {
      const at = outputsWord + 1 + 4 * i
      return {
        token: checksum(hex, at),
        startAmount: uint(hex, at + 1).toString(),
        endAmount: uint(hex, at + 2).toString(),
        recipient: checksum(hex, at + 3),
      }
    }),
  }
  return encodeDutchOrder(terms) === hex ? terms : null
}

/** The canonical encoding of `terms` (lowercase hex without 0x), as the SDK's `serialize()`. */
export function encodeDutchOrder(terms: DutchOrderTerms): string {
  const data = terms.additionalValidationData.slice(2).toLowerCase()
  const dataWords = Math.ceil(data.length / WORD)
  const infoWords = 7 + dataWords
  return [
    word(32),
    word(9 * 32),
    word(terms.decayStartTime),
    word(terms.decayEndTime),
    addressWord(terms.exclusiveFiller),
    word(BigInt(terms.exclusivityOverrideBps)),
    addressWord(terms.input.token),
    word(BigInt(terms.input.startAmount)),
    word(BigInt(terms.input.endAmount)),
    word((9 + infoWords) * 32),
    addressWord(terms.reactor),
    addressWord(terms.swapper),
    word(BigInt(terms.nonce)),
    word(terms.deadline),
    addressWord(terms.additionalValidationContract),
    word(6 * 32),
    word(data.length / 2),
    data.padEnd(dataWords * WORD, '0'),
    word(terms.outputs.length),
    ...terms.outputs.flatMap((o) => [
      addressWord(o.token),
      word(BigInt(o.startAmount)),
      word(BigInt(o.endAmount)),
      addressWord(o.recipient),
    ]),
  ].join('')
}
