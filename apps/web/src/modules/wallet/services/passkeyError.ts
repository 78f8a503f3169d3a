/** A passkey wallet failure: the API's error code, or ours (NETWORK, PRF_UNSUPPORTED, LOCKED, …). */
export class PasskeyError extends Error {
  override readonly name = 'PasskeyError'
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}
