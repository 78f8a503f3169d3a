/**
 * `npm run serve -w @oxbow/devnet -- [--fresh] [--networks a,b] [--simulate]`
 * Starts the devnet in the foreground, prints what runs where, then a line starting with `ready`.
 * Env: OXBOW_NETWORKS (same as --networks), OXBOW_PORT_BASE (default 8545), OXBOW_SIMULATE=1.
 */
import { parseArgs } from 'node:util'
import { getNetwork, parseNetworkList, UnknownNetworkError } from '@oxbow/chains'
import { testAccounts } from './accounts.ts'
import { startDevnet } from './devnet.ts'
import { PortInUseError } from './errors.ts'
import { startSimulator } from './simulator.ts'

function fail(message: string): never {
  console.error(`devnet: ${message}`)
  process.exit(2)
}

let args: ReturnType<typeof parse>
function parse() {
  return parseArgs({
    options: {
      fresh: { type: 'boolean', default: false },
      networks: { type: 'string' },
      simulate: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  })
}
try {
  args = parse()
} catch (error) {
  fail(
    `${error instanceof Error ? error.message : String(error)}. Usage: serve [--fresh] [--networks a,b] [--simulate]`,
  )
}
if (args.values.help) {
  console.log('Usage: npm run serve -w @oxbow/devnet -- [--fresh] [--networks ethereum,base] [--simulate]')
  process.exit(0)
}

let slugs: ReturnType<typeof parseNetworkList>
try {
  slugs = parseNetworkList(args.values.networks ?? process.env.OXBOW_NETWORKS)
} catch (error) {
  if (error instanceof UnknownNetworkError) fail(error.message)
  throw error
}

const started = Date.now()
let devnet: Awaited<ReturnType<typeof startDevnet>>
try {
  devnet = await startDevnet({
    networks: slugs.map((n) => n.slug),
    fresh: args.values.fresh ?? false,
    log: (line) => console.log(line),
    // A node that dies comes back from its last saved state; one that cannot stops the devnet
    // (npm start then stops everything: the chain is what every other service stands on).
    supervise: {
      onGiveUp: (reason) => {
        console.error(`devnet: ${reason}; stopping`)
        void shutdown(1)
      },
    },
  })
} catch (error) {
  if (error instanceof PortInUseError || error instanceof RangeError) fail(error.message)
  // Anything else (anvil failed, disk full, ...): still one line, exit 1.
  console.error(`devnet: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

let stopping = false
let simulator: Awaited<ReturnType<typeof startSimulator>> | undefined
async function shutdown(code = 0): Promise<void> {
  if (stopping) return
  stopping = true
  await simulator?.stop()
  await devnet.stop()
  process.exit(code)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())

const rows = Object.values(devnet.manifest.networks).map((d) => [
  getNetwork(d.slug).name,
  String(d.chainId),
  d.rpcUrl,
])
const widths = [0, 1, 2].map((i) =>
  Math.max(...[['Network', 'Chain id', 'RPC URL'], ...rows].map((r) => (r[i] ?? '').length)),
)
const line = (r: string[]) => r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')
console.log('')
console.log(line(['Network', 'Chain id', 'RPC URL']))
for (const row of rows) console.log(line(row))
console.log('')
console.log('Test accounts (anvil default mnemonic; public keys, never use on a real network):')
for (const [i, a] of testAccounts.entries()) console.log(`  (${i}) ${a.address}  ${a.privateKey}`)
console.log(`\nManifest: ${devnet.manifestPath}`)
if (args.values.simulate || process.env.OXBOW_SIMULATE === '1') {
  simulator = await startSimulator(devnet.manifest, { log: (l) => console.log(l) })
}
console.log(
  `ready: ${rows.length} network${rows.length === 1 ? '' : 's'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
)
