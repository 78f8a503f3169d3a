/**
 * The wallet key's encryption (see passkeyWallet.ts): AES-GCM under a key derived from the passkey's
 * PRF output and the wallet address, which is also the additional data.
 */
import type { Address, Hex } from 'viem'
import { PasskeyError } from './passkeyError.ts'

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
const fromB64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))

/** The AES-GCM key: HKDF-SHA-256 of the PRF output, salted with the wallet address. */
async function aesKey(prf: ArrayBuffer, address: Address): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', prf, 'HKDF', false, ['deriveKey'])
  return crypto.subtle.deriveKey(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: new TextEncoder().encode(address.toLowerCase()),
      info: new TextEncoder().encode('oxbow wallet key v1'),
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
}

/** The wallet key sealed under the passkey's PRF output: `v1.<iv>.<ciphertext>`, base64url. */
export async function encryptKey(privateKey: Hex, prf: ArrayBuffer, address: Address): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const plain = Uint8Array.from(privateKey.slice(2).match(/../g) ?? [], (h) => Number.parseInt(h, 16))
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(address.toLowerCase()) },
    await aesKey(prf, address),
    plain,
  )
  return `v1.${b64url(iv)}.${b64url(new Uint8Array(sealed))}`
}

/** The wallet key back from `encryptKey`'s text; a wrong passkey or address fails as PASSKEY_INVALID. */
export async function decryptKey(ciphertext: string, prf: ArrayBuffer, address: Address): Promise<Hex> {
  const [version, iv, sealed] = ciphertext.split('.')
  if (version !== 'v1' || !iv || !sealed) throw new PasskeyError('PASSKEY_INVALID', 'Unknown key format')
  try {
    const plain = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: fromB64url(iv),
        additionalData: new TextEncoder().encode(address.toLowerCase()),
      },
      await aesKey(prf, address),
      fromB64url(sealed),
    )
    return `0x${[...new Uint8Array(plain)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
  } catch {
    throw new PasskeyError('PASSKEY_INVALID', 'This passkey cannot unlock the wallet')
  }
}
