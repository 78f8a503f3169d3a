/**
 * A test file's stack and browser: started once before the file's tests, stopped after them (the
 * stack's own stop leaves a shard's shared devnet and indexer running, see stack.ts). With
 * `restoreEachTest`, every test starts from the chain state the file found after start-up.
 */
import { after, before, beforeEach } from 'node:test'
import type { NetworkSlug } from '@oxbow/chains'
import { devnetClients } from '@oxbow/devnet'
import type { Browser } from 'playwright-core'
import { launchChromium } from '../test/harness.ts'
import {
  type ChainSnapshots,
  type Stack,
  type StackOptions,
  type StackPorts,
  snapshotChain,
  startStack,
} from './stack.ts'

export interface FileStack {
  /** The running stack (throws outside the file's tests: it is started in a `before` hook). */
  readonly stack: Stack
  /** The file's Chromium. */
  readonly browser: Browser
  /** A devnet account's viem clients on one network (made once per network and account). */
  clients(slug: NetworkSlug, account?: number): ReturnType<typeof devnetClients>
}

export interface FileStackOptions extends StackOptions {
  /**
   * Revert both networks to a snapshot taken after start-up before each test (and wait for the API
   * to follow), and leave the chain as the file found it at the end.
   */
  readonly restoreEachTest?: boolean
}

export function stackForFile(ports: StackPorts, options: FileStackOptions = {}): FileStack {
  const { restoreEachTest, ...stackOptions } = options
  let stack: Stack | undefined
  let browser: Browser | undefined
  let chain: ChainSnapshots | undefined
  const clientCache = new Map<string, ReturnType<typeof devnetClients>>()
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the file stack is used before its before hook ran')
    return value
  }
  before(async () => {
    stack = await startStack(ports, stackOptions)
    const launching = performance.now()
    browser = await launchChromium()
    console.log(`chromium: ${((performance.now() - launching) / 1000).toFixed(1)} s`)
    if (restoreEachTest) chain = await snapshotChain(stack)
  })
  after(async () => {
    await browser?.close().catch(() => {})
    // Leave the chain as this file found it (under the shard launcher the next file shares it).
    await chain?.release()
    await stack?.stop()
  })
  if (restoreEachTest) {
    beforeEach(async () => {
      await started(chain).restore()
    })
  }
  return {
    get stack() {
      return started(stack)
    },
    get browser() {
      return started(browser)
    },
    clients(slug, account = 0) {
      const key = `${slug}/${account}`
      let found = clientCache.get(key)
      if (!found) {
        found = devnetClients(started(stack).manifest, slug, account)
        clientCache.set(key, found)
      }
      return found
    },
  }
}

/**
 * Any stoppable set of services a file starts once: started by `start` before the file's tests
 * (then handed to `onStart`), stopped after them.
 */
export function startedForFile<T extends { stop(): Promise<void> }>(
  start: () => Promise<T>,
  onStart: (started: T) => void,
): void {
  let running: T | undefined
  before(async () => {
    running = await start()
    onStart(running)
  })
  after(async () => {
    await running?.stop()
  })
}
