/**
 * A software WebAuthn authenticator for the API's tests: an ES256 key per credential, 'none'
 * attestation, a signature counter, and client data for any origin, so tests can produce real,
 * correctly signed ceremonies and then break exactly one thing (origin, RP id, counter, UV flag).
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes))
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest())

export interface SoftCredential {
  readonly id: Uint8Array
  readonly privateKey: KeyObject
  readonly userHandle: string
  counter: number
}

export interface CeremonyOverrides {
  origin?: string
  rpId?: string
  userVerified?: boolean
  /** Sets the counter the authenticator reports (default: one more than last time). */
  counter?: number
  challenge?: string
  /** Registers under this credential id instead of a fresh one (a credential registered twice). */
  credentialId?: Uint8Array
  /** The authenticator's AAGUID (16 bytes; default all zero, as a virtual authenticator reports). */
  aaguid?: Uint8Array
}

function authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Uint8Array {
  const head = new Uint8Array(37)
  head.set(sha256(rpId), 0)
  head[32] = flags
  new DataView(head.buffer).setUint32(33, counter)
  return attested ? new Uint8Array([...head, ...attested]) : head
}

export function createSoftAuthenticator(defaults: { origin: string; rpId: string }) {
  const credentials: SoftCredential[] = []
  return {
    credentials,
    /** Answers registration options the way navigator.credentials.create would. */
    register(options: { challenge: string; user: { id: string } }, o: CeremonyOverrides = {}) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
      const jwk = publicKey.export({ format: 'jwk' })
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(String(jwk.x))],
        [-3, isoBase64URL.toBuffer(String(jwk.y))],
      ])
      const id = o.credentialId ?? new Uint8Array(randomBytes(32))
      const credentialIdLength = new Uint8Array([0, id.length])
      const attested = new Uint8Array([
        ...(o.aaguid ?? new Uint8Array(16)),
        ...credentialIdLength,
        ...id,
        ...isoCBOR.encode(cose),
      ])
      const counter = o.counter ?? 0
      const flags = 0x01 | (o.userVerified === false ? 0 : 0x04) | 0x40
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData(o.rpId ?? defaults.rpId, flags, counter, attested)],
        ]),
      )
      const clientData = JSON.stringify({
        type: 'webauthn.create',
        challenge: o.challenge ?? options.challenge,
        origin: o.origin ?? defaults.origin,
        crossOrigin: false,
      })
      const credential: SoftCredential = { id, privateKey, userHandle: options.user.id, counter }
      credentials.push(credential)
      return {
        credential,
        response: {
          id: b64(id),
          rawId: b64(id),
          type: 'public-key' as const,
          response: {
            clientDataJSON: isoBase64URL.fromUTF8String(clientData),
            attestationObject: b64(attestationObject),
            transports: ['internal'],
          },
          clientExtensionResults: {},
          authenticatorAttachment: 'platform' as const,
        },
      }
    },
    /** Answers authentication options with a credential, the way navigator.credentials.get would. */
    authenticate(credential: SoftCredential, options: { challenge: string }, o: CeremonyOverrides = {}) {
      credential.counter = o.counter ?? credential.counter + 1
      const flags = 0x01 | (o.userVerified === false ? 0 : 0x04)
      const data = authData(o.rpId ?? defaults.rpId, flags, credential.counter)
      const clientData = JSON.stringify({
        type: 'webauthn.get',
        challenge: o.challenge ?? options.challenge,
        origin: o.origin ?? defaults.origin,
        crossOrigin: false,
      })
      const signature = sign(
        'sha256',
        new Uint8Array([...data, ...sha256(clientData)]),
        credential.privateKey,
      )
      return {
        id: b64(credential.id),
        rawId: b64(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: isoBase64URL.fromUTF8String(clientData),
          authenticatorData: b64(data),
          signature: b64(new Uint8Array(signature)),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
      }
    },
  }
}
