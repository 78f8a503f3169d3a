/**
 * WalletConnect and the Coinbase wallet SDK: this chunk is loaded only when one of them is chosen.
 * The SDKs themselves are optional peers of @wagmi/connectors, imported by the connector at connect
 * time; when the SDK or its relay cannot be reached the connect fails and the error modal shows.
 */

import { coinbaseWallet, walletConnect } from '@wagmi/connectors'
import type { CreateConnectorFn } from '@wagmi/core'

/** WalletConnect Cloud project id: none is registered for this deployment yet (see README). */
const WALLETCONNECT_PROJECT_ID = 'oxbow-local-unregistered'

export function sdkConnector(id: 'walletConnect' | 'coinbaseWalletSDK', origin: string): CreateConnectorFn {
  if (id === 'walletConnect') {
    return walletConnect({
      projectId: WALLETCONNECT_PROJECT_ID,
      showQrModal: true,
      metadata: { name: 'Oxbow', description: 'Swap tokens', url: origin, icons: [] },
    }) as CreateConnectorFn
  }
  return coinbaseWallet({ appName: 'Oxbow', appLogoUrl: null }) as CreateConnectorFn
}
