/**
 * The filler as its own process (`npm run filler -w @oxbow/api`, started by `npm start` after the
 * API): one filler per network of the manifest with order filling, reading open orders from the
 * API's /v1/orders. Env: OXBOW_MANIFEST, OXBOW_API_URL (default http://127.0.0.1:8787),
 * OXBOW_FILLER_KEY (default the devnet filler's key from the manifest). Prints `ready` once watching.
 * Posts its heartbeat (fillerLiveness.ts) while it works: the API offers gasless routes only then.
 */
import { loadManifest } from '@oxbow/protocol'
import { isHex } from 'viem'
import { consoleLogger } from '../app.ts'
import { createFiller, type FillableOrder } from './filler.ts'
import { FILLER_HEARTBEAT_MS } from './fillerLiveness.ts'
import { runFiller } from './fillerLoop.ts'
import { GASLESS_FILLER_POLL_MS } from './gasless.ts'

const apiUrl = process.env.OXBOW_API_URL ?? 'http://127.0.0.1:8787'
const key = process.env.OXBOW_FILLER_KEY
if (key !== undefined && !(isHex(key) && key.length === 66)) {
  console.error('filler: OXBOW_FILLER_KEY must be a 32-byte hex private key')
  process.exit(2)
}

const manifest = await loadManifest(process.env.OXBOW_MANIFEST)
const stops: (() => void)[] = []
for (const deployment of Object.values(manifest.networks)) {
  if (!deployment?.orders) continue
  const filler = createFiller({ deployment, log: consoleLogger, ...(key ? { privateKey: key } : {}) })
  const list = async (filter: string): Promise<FillableOrder[]> => {
    const response = await fetch(
      `${apiUrl}/v1/orders?chainId=${deployment.chainId}&status=opened&limit=1000${filter}`,
    )
    if (!response.ok) throw new Error(`order service answered ${response.status}`)
    return ((await response.json()) as { orders: FillableOrder[] }).orders
  }
  // The heartbeat (gasless routes are offered while it beats): after a completed pass, at most
  // every FILLER_HEARTBEAT_MS, and only when the filler reaches its network and can pay a fill.
  let lastBeat = 0
  let beating = false
  let refusedLogged = false
  const beat = async () => {
    const heartbeat = await filler.heartbeat()
    if (!heartbeat) return
    const response = await fetch(`${apiUrl}/v1/orders/filler/heartbeat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(heartbeat),
    })
    if (!response.ok && !refusedLogged) {
      refusedLogged = true
      console.error(
        `filler: heartbeat refused on ${deployment.slug}: ${response.status} ${await response.text()}`,
      )
    }
  }
  const onPass = () => {
    if (beating || Date.now() - lastBeat < FILLER_HEARTBEAT_MS) return
    beating = true
    lastBeat = Date.now()
    beat()
      .catch((error: unknown) => console.error(`filler: heartbeat failed: ${String(error)}`))
      .finally(() => {
        beating = false
      })
  }
  stops.push(
    runFiller({
      onPass,
      filler,
      chainId: deployment.chainId,
      openOrders: () => list(''),
      gaslessOrders: () => list('&kind=gasless'),
      gaslessPollMs: GASLESS_FILLER_POLL_MS,
      log: consoleLogger,
    }),
  )
  console.log(`filler: watching ${deployment.slug} as ${filler.account.address}`)
}
console.log(`ready filler (${stops.length} network${stops.length === 1 ? '' : 's'}, orders from ${apiUrl})`)

const stop = () => {
  for (const s of stops) s()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
