import type { Address, Hex } from 'viem'
import { toHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

/** anvil's default mnemonic: its first ten accounts are funded on every devnet network. */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk'

export interface TestAccount {
  readonly address: Address
  readonly privateKey: Hex
}

/** The ten funded test accounts (public, well-known keys: never use them on a real network). */
export const testAccounts: readonly TestAccount[] = Array.from({ length: 10 }, (_, addressIndex) => {
  const account = mnemonicToAccount(TEST_MNEMONIC, { addressIndex })
  const key = account.getHdKey().privateKey
  if (!key) throw new Error('cannot derive test account key')
  return { address: account.address, privateKey: toHex(key) }
})
