/**
 * `npm run serve -w @oxbow/sandbox`: the WalletConnect relay sandbox on
 * ws://127.0.0.1:${OXBOW_WC_RELAY_PORT:-8790} and the fiat provider sandboxes on
 * http://127.0.0.1:${OXBOW_FIAT_SANDBOX_PORT:-8791} (they pay out from the devnet, so they start
 * only when the devnet's manifest exists) and the IPFS gateway on
 * http://127.0.0.1:${OXBOW_IPFS_GATEWAY_PORT:-8792}/ipfs/; prints a line starting with `ready` once
 * they listen.
 */
import { loadManifest } from '@oxbow/protocol'
import { createFiatSandbox, type FiatSandbox } from './fiat/fiatSandbox.ts'
import { createTreasury } from './fiat/treasury.ts'
import { createIpfsGateway } from './ipfs/ipfsGateway.ts'
import { createWalletConnectRelay } from './walletConnectRelay.ts'

function portFrom(name: string, fallback: number): number {
  const port = Number(process.env[name] ?? fallback)
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    console.error(`sandbox: ${name} must be a TCP port, got ${process.env[name]}`)
    process.exit(2)
  }
  return port
}

const port = portFrom('OXBOW_WC_RELAY_PORT', 8790)
const fiatPort = portFrom('OXBOW_FIAT_SANDBOX_PORT', 8791)
const ipfsPort = portFrom('OXBOW_IPFS_GATEWAY_PORT', 8792)
const webhookBase = process.env.OXBOW_FIAT_WEBHOOK_BASE ?? 'http://127.0.0.1:8787/v1/fiat/webhooks'

const relay = await createWalletConnectRelay({
  host: '127.0.0.1',
  port,
  log: (line) => console.error(`walletconnect relay: ${line}`),
  // OXBOW_WC_RELAY_TRACE=1: one line per relay event, to follow a message that went missing.
  ...(process.env.OXBOW_WC_RELAY_TRACE === '1'
    ? { trace: (line: string) => console.error(`walletconnect relay: ${line}`) }
    : {}),
})

const ipfs = await createIpfsGateway({
  host: '127.0.0.1',
  port: ipfsPort,
  log: (line) => console.error(`ipfs gateway: ${line}`),
  // OXBOW_IPFS_GATEWAY_TRACE=1: one line per gateway request (status, Referer received).
  ...(process.env.OXBOW_IPFS_GATEWAY_TRACE === '1'
    ? { trace: (line: string) => console.error(`ipfs gateway: ${line}`) }
    : {}),
})

let fiat: FiatSandbox | null = null
try {
  const manifest = await loadManifest(process.env.OXBOW_MANIFEST)
  fiat = await createFiatSandbox({
    host: '127.0.0.1',
    port: fiatPort,
    treasury: createTreasury(manifest),
    webhookBase,
    log: (line) => console.error(`fiat sandbox: ${line}`),
  })
} catch (error) {
  console.error(`fiat sandbox: disabled (${error instanceof Error ? error.message : String(error)})`)
}
console.log(
  `ready walletconnect relay ${relay.url}, ipfs gateway ${ipfs.gatewayUrl}${fiat ? `, fiat providers ${fiat.url}` : ''}`,
)

const stop = () => {
  Promise.allSettled([relay.close(), ipfs.close(), fiat?.close()]).then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
