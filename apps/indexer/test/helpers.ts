/** Shared test plumbing: the suite's indexer, a GraphQL client and a bounded wait. */
import assert from 'node:assert/strict'
import { whyReverted } from '@oxbow/devnet'
import { type Abi, type Address, erc20Abi, type Hex, type PublicClient, type WalletClient } from 'viem'
import {
  type IndexerHandle,
  type IndexerOptions,
  PGLITE_IN_MEMORY,
  startIndexer,
} from '../scripts/launcher.ts'

/**
 * A suite's indexer on an isolated database: in-memory PGlite, or `postgres`'s server when given;
 * ready within 240 s unless `options` say otherwise.
 */
export function startTestIndexer(
  manifestPath: string,
  port: number,
  options: Omit<IndexerOptions, 'manifestPath' | 'port'> & { postgres?: { url: string } | undefined } = {},
): Promise<IndexerHandle> {
  const { postgres, ...rest } = options
  return startIndexer({
    manifestPath,
    port,
    dataDir: PGLITE_IN_MEMORY,
    ...(postgres ? { databaseUrl: postgres.url } : {}),
    readyTimeoutMs: 240_000,
    ...rest,
  })
}

export interface GqlResult<T> {
  status: number
  data: T | null
  errors?: { message: string; extensions?: { code?: string } }[]
}

export function gqlClient(url: string) {
  return async function gql<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<GqlResult<T>> {
    let res: Response | undefined
    for (let attempt = 0; !res; attempt++) {
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables }),
          signal: AbortSignal.timeout(10_000),
        })
      } catch (error) {
        // A keep-alive socket the server closed while idle: retry once on a new one.
        if (attempt >= 1) throw error
      }
    }
    const body = (await res.json()) as { data?: T; errors?: GqlResult<T>['errors'] }
    return { status: res.status, data: body.data ?? null, ...(body.errors ? { errors: body.errors } : {}) }
  }
}

/** Same as gql but fails the test on any error. */
export async function okData<T>(result: Promise<GqlResult<T>>): Promise<T> {
  const r = await result
  assert.equal(r.errors, undefined, JSON.stringify(r.errors))
  assert.ok(r.data)
  return r.data
}

/** Polls `probe` until it returns a value (not undefined) or the time is up. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  while (Date.now() < deadline) {
    try {
      const value = await probe()
      if (value !== undefined) return value
    } catch (e) {
      lastError = e
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(
    `timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`,
  )
}

/**
 * A suite's chain actor: `send` waits for a transaction's receipt (a revert fails the test with
 * its reason), `write` is a contract call by `wallet()`'s account, `balanceOf` an ERC-20 balance.
 * The clients are read on each call, so a suite may create them in its `before` hook.
 */
export function chainActor(publicClient: () => PublicClient, wallet: () => WalletClient) {
  async function send(hash: Promise<Hex>) {
    const receipt = await publicClient().waitForTransactionReceipt({ hash: await hash })
    if (receipt.status !== 'success') assert.fail(await whyReverted(publicClient(), receipt))
    return receipt
  }
  function write(request: {
    address: Address
    abi: Abi
    functionName: string
    args?: readonly unknown[]
    value?: bigint
    gas?: bigint
  }) {
    const client = wallet()
    return send(client.writeContract({ chain: null, account: client.account as never, ...request } as never))
  }
  const balanceOf = (token: Address, owner: Address) =>
    publicClient().readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  return { send, write, balanceOf }
}
