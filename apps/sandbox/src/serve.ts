/**
 * `npm run serve -w @oxbow/sandbox`: the WalletConnect relay sandbox on
 * ws://127.0.0.1:${OXBOW_WC_RELAY_PORT:-8790}; prints a line starting with `ready` once it listens.
 */
import { createWalletConnectRelay } from './walletConnectRelay.ts'

const port = Number(process.env.OXBOW_WC_RELAY_PORT ?? 8790)
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`sandbox: OXBOW_WC_RELAY_PORT must be a TCP port, got ${process.env.OXBOW_WC_RELAY_PORT}`)
  process.exit(2)
}

const relay = await createWalletConnectRelay({
  host: '127.0.0.1',
  port,
  log: (line) => console.error(`walletconnect relay: ${line}`),
})
console.log(`ready walletconnect relay ${relay.url}`)

const stop = () => {
  relay.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
