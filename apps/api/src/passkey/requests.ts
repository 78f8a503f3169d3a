/** The passkey routes' request shapes: WebAuthn responses as JSON (base64url fields) and the key fields. */
import { z } from 'zod'

export const b64url = z.string().regex(/^[A-Za-z0-9_-]{1,2048}$/, 'base64url')
/** A WebAuthn PublicKeyCredential as JSON around a ceremony's own `response` fields. */
const publicKeyCredential = <Shape extends z.ZodRawShape>(response: Shape) =>
  z.object({
    id: b64url,
    rawId: b64url,
    type: z.literal('public-key'),
    response: z.object(response),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  })
export const registrationResponse = publicKeyCredential({
  clientDataJSON: b64url,
  attestationObject: b64url,
  transports: z.array(z.string().max(32)).max(8).optional(),
})
export const authenticationResponse = publicKeyCredential({
  clientDataJSON: b64url,
  authenticatorData: b64url,
  signature: b64url,
  userHandle: b64url.optional(),
})
export { walletAddress as address } from '../validation.ts'
/** `v1.<iv: 12 bytes>.<AES-GCM ciphertext and tag>`, base64url. */
export const ciphertext = z
  .string()
  .regex(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{40,400}$/, 'v1.<iv>.<ciphertext>')
export const label = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^\p{Cc}]+$/u, 'no control characters')
