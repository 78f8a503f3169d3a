/**
 * The explore benches' stack (`bench:explore`, exploreTrace.ts): a devnet with ethereum on ports
 * 28500+, the indexer on 28590, the built app on 28575 and Chromium. Run it inside `unshare -n`
 * next to other suites.
 */
import { startDevnet } from '@oxbow/devnet'
import type { NetworkDeployment } from '@oxbow/protocol'
import type { Browser } from 'playwright-core'
import { type RunningIndexer, startIndexer } from '../e2e/indexer.ts'
import { launchChromium, type RunningWeb, startWeb } from '../test/harness.ts'

export interface ExploreStack {
  readonly eth: NetworkDeployment
  readonly web: RunningWeb
  readonly browser: Browser
}

/** Starts the stack, runs `measure` on it, and stops everything (also when `measure` throws). */
export async function withExploreStack<T>(measure: (stack: ExploreStack) => Promise<T>): Promise<T> {
  const devnet = await startDevnet({ networks: ['ethereum'], portBase: 28500 })
  let indexer: RunningIndexer | undefined
  try {
    const eth = devnet.manifest.networks.ethereum
    if (!eth) throw new Error('the devnet has no ethereum')
    indexer = await startIndexer({ manifestPath: devnet.manifestPath, port: 28590, networks: ['ethereum'] })
    const web = await startWeb({
      port: 28575,
      config: { environment: 'local', rpcUrls: { ethereum: eth.rpcUrl }, graphqlUrl: indexer.url },
    })
    const browser = await launchChromium()
    try {
      return await measure({ eth, web, browser })
    } finally {
      await browser.close()
      await web.close()
    }
  } finally {
    await indexer?.stop()
    await devnet.stop()
  }
}
