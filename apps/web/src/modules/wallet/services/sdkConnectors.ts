/**
 * WalletConnect and the Coinbase wallet SDK: this chunk (and the SDKs, which @wagmi/connectors
 * imports at connect time) is loaded only when one of them is chosen.
 *
 * WalletConnect talks to the relay and project id of the runtime config (locally the sandbox relay,
 * apps/sandbox). Its own QR modal (Reown AppKit) is off: it loads the WalletConnect explorer and
 * fonts from the internet; the connect view shows the pairing URI itself (`display_uri`).
 */

import { CoreError } from '@oxbow/core'
import { coinbaseWallet, walletConnect } from '@wagmi/connectors'
import type { CreateConnectorFn } from '@wagmi/core'
import type { RuntimeConfig } from '../../config/index.ts'

export type SdkConnectorId = 'walletConnect' | 'coinbaseWalletSDK'

export class WalletConnectNotConfiguredError extends CoreError {
  override readonly name = 'WalletConnectNotConfiguredError'
  constructor() {
    super('WalletConnect is not configured for this deployment', { code: 'CONNECTION_FAILED' })
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/**
 * Turns off WalletConnect Verify's attestation on the dapp side. Core registers every session
 * proposal with verify.walletconnect.org through a hidden iframe, with no option to disable it: our
 * CSP frames nothing (a violation), and without that host the proposal waits 5 s for the iframe to
 * time out. Wallets then show the connection as unverified, which is what it is on a private relay.
 */
function skipVerifyAttestation(provider: unknown): void {
  // EthereumProvider → UniversalProvider (signer) → SignClient (client) → Core → Verify.
  const verify = ['signer', 'client', 'core', 'verify'].reduce<unknown>(
    (object, key) => (isRecord(object) ? object[key] : undefined),
    provider,
  )
  if (isRecord(verify) && typeof verify.register === 'function') verify.register = async () => ''
}

function withoutVerify(create: CreateConnectorFn): CreateConnectorFn {
  return (config) => {
    const connector = create(config)
    const getProvider = connector.getProvider
    return {
      ...connector,
      // The connector's methods call this.getProvider(), so every path gets the patched provider.
      async getProvider(this: typeof connector, parameters?: { chainId?: number | undefined }) {
        const provider = await getProvider.call(this, parameters)
        skipVerifyAttestation(provider)
        return provider
      },
    }
  }
}

export function sdkConnector(id: SdkConnectorId, origin: string, config: RuntimeConfig): CreateConnectorFn {
  if (id === 'walletConnect') {
    if (!config.walletConnect) throw new WalletConnectNotConfiguredError()
    return withoutVerify(
      walletConnect({
        projectId: config.walletConnect.projectId,
        relayUrl: config.walletConnect.relayUrl,
        showQrModal: false,
        // No analytics to pulse.walletconnect.org.
        telemetryEnabled: false,
        metadata: { name: 'Oxbow', description: 'Swap tokens', url: origin, icons: [] },
      }) as CreateConnectorFn,
    )
  }
  return coinbaseWallet({ appName: 'Oxbow', appLogoUrl: null }) as CreateConnectorFn
}
