/**
 * The embedded wallet's backup file (loaded when the download-wallet card's button is pressed).
 * It holds what already protects the key on our server, and nothing more: the address, the id of
 * the passkey that unlocked the wallet and the key's AES-GCM ciphertext under that passkey's PRF
 * output, with the derivation to reopen it. Only that passkey can decrypt it, so the file keeps
 * the wallet restorable without our API (and is useless to whoever finds it without the passkey);
 * the key never appears in it in the clear.
 */
import { PRF_INPUT, passkeyBackupMaterial, verifyPasskey } from './passkeyWallet.ts'

export interface PasskeyBackupFile {
  readonly format: 'oxbow-wallet-backup'
  readonly version: 1
  readonly address: string
  readonly createdAt: string
  readonly origin: string
  readonly credentialId: string
  readonly keyProtection: {
    readonly cipher: 'AES-256-GCM'
    readonly kdf: 'HKDF-SHA-256'
    readonly prfInput: string
    readonly salt: string
    readonly additionalData: string
  }
  /** `v1.<iv>.<sealed key>` (base64url): the same ciphertext the API stores for this passkey. */
  readonly ciphertext: string
}

export function passkeyBackupFile(
  material: { address: string; credentialId: string; ciphertext: string },
  origin: string,
  now: Date,
): PasskeyBackupFile {
  const lower = material.address.toLowerCase()
  return {
    format: 'oxbow-wallet-backup',
    version: 1,
    address: material.address,
    createdAt: now.toISOString(),
    origin,
    credentialId: material.credentialId,
    keyProtection: {
      cipher: 'AES-256-GCM',
      kdf: 'HKDF-SHA-256',
      prfInput: PRF_INPUT,
      salt: lower,
      additionalData: lower,
    },
    ciphertext: material.ciphertext,
  }
}

/**
 * Confirms with the passkey (user verification), then saves the backup file. Rejects when the
 * verification is refused or the wallet is locked.
 */
export async function downloadPasskeyBackup(): Promise<void> {
  await verifyPasskey()
  const material = passkeyBackupMaterial()
  const file = passkeyBackupFile(material, window.location.origin, new Date())
  const url = URL.createObjectURL(
    new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' }),
  )
  const link = document.createElement('a')
  link.href = url
  link.download = `oxbow-wallet-backup-${material.address}.json`
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
