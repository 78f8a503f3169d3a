import { CoreError } from '@oxbow/core'

/** A devnet port is taken by another process: names the port and how to pick another base. */
export class PortInUseError extends CoreError {
  override readonly name = 'PortInUseError'
  constructor(
    readonly port: number,
    readonly network: string,
  ) {
    super(
      `Port ${port} (network ${network}) is already in use on 127.0.0.1. ` +
        'Stop whatever holds it or choose another port base, e.g. OXBOW_PORT_BASE=9545.',
      { code: 'PORT_IN_USE' },
    )
  }
}

/** anvil failed to start or to answer. */
export class AnvilError extends CoreError {
  override readonly name = 'AnvilError'
  constructor(shortMessage: string) {
    super(shortMessage, { code: 'ANVIL' })
  }
}
