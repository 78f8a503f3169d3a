/**
 * The passkey provider an authenticator's AAGUID names, as the spec groups them: a password
 * manager (Google Password Manager) is Android, a browser on Mac (Chrome on Mac) is Chrome, the
 * iCloud keychain (both variants) is iCloud, Windows Hello is Windows; anything else is Other.
 */
export type PasskeyProvider = 'Chrome' | 'iCloud' | 'Windows' | 'Android' | 'Other'

const byAaguid: Readonly<Record<string, PasskeyProvider>> = {
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Android', // Google Password Manager
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome', // Chrome on Mac
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud', // iCloud Keychain
  'dd4ec289-e01d-41c9-bb89-70fa845d4bf2': 'iCloud', // iCloud Keychain (managed)
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows', // Windows Hello
  '9ddd1817-af5a-4672-a2b9-3e3dd95000a9': 'Windows', // Windows Hello
  '6028b017-b1d4-4c02-b4b3-afcdafc96bb2': 'Windows', // Windows Hello
}

export function providerOf(aaguid: string): PasskeyProvider {
  return byAaguid[aaguid.toLowerCase()] ?? 'Other'
}
