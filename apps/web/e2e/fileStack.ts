/**
 * A test file's stack and browser: started once before the file's tests, stopped after them (the
 * stack's own stop leaves a shard's shared devnet and indexer running, see stack.ts).
 */
import { after, before } from 'node:test'
import type { Browser } from 'playwright-core'
import { launchChromium } from '../test/harness.ts'
import { type Stack, type StackOptions, type StackPorts, startStack } from './stack.ts'

export interface FileStack {
  /** The running stack (throws outside the file's tests: it is started in a `before` hook). */
  readonly stack: Stack
  /** The file's Chromium. */
  readonly browser: Browser
}

export function stackForFile(ports: StackPorts, options: StackOptions = {}): FileStack {
  let stack: Stack | undefined
  let browser: Browser | undefined
  before(async () => {
    stack = await startStack(ports, options)
    browser = await launchChromium()
  })
  after(async () => {
    await browser?.close().catch(() => {})
    await stack?.stop()
  })
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the file stack is used before its before hook ran')
    return value
  }
  return {
    get stack() {
      return started(stack)
    },
    get browser() {
      return started(browser)
    },
  }
}
