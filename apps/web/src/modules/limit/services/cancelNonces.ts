/**
 * Cancelling limit orders on chain: Permit2's `invalidateUnorderedNonces(wordPos, mask)` marks
 * nonces used, one 256-bit word per call, so the reactor refuses those orders. Selected orders are
 * grouped by word: one call (one transaction) per word, each masking every selected nonce in it.
 */

export interface NonceInvalidation {
  /** nonce >> 8 */
  readonly wordPos: bigint
  /** one bit per nonce: 1 << (nonce & 0xff) */
  readonly mask: bigint
}

export function nonceInvalidations(nonces: readonly bigint[]): NonceInvalidation[] {
  const words = new Map<bigint, bigint>()
  for (const nonce of nonces) {
    if (nonce < 0n) throw new RangeError('a Permit2 nonce is unsigned')
    const word = nonce >> 8n
    words.set(word, (words.get(word) ?? 0n) | (1n << (nonce & 0xffn)))
  }
  return [...words.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([wordPos, mask]) => ({ wordPos, mask }))
}
