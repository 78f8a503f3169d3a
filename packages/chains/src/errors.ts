import { CoreError } from '@oxbow/core'

/** Thrown when a network name, slug or chain id is not in the registry. */
export class UnknownNetworkError extends CoreError {
  override readonly name = 'UnknownNetworkError'
  constructor(readonly input: string | number) {
    super(
      `Unknown network "${input}". Known networks: ${knownList()}. ` +
        'Use one of these slugs (e.g. OXBOW_NETWORKS=ethereum,base).',
      { code: 'UNKNOWN_NETWORK' },
    )
  }
}

let known: readonly string[] = []
/** @internal set by the registry so the message can list valid names without an import cycle. */
export function setKnownNetworks(slugs: readonly string[]): void {
  known = slugs
}
function knownList(): string {
  return known.join(', ')
}
