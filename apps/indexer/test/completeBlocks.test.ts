/**
 * The data API answers from complete blocks only (issue #16): one block carries 40 WETH transfers
 * to a fresh address; while the indexer indexes it, distinct queries (no cached answer) poll that
 * address's activity and portfolio. Every answer sees either none of the block or all of it, never
 * some of its transfers. Real devnet (port base 23300) and a real Ponder process, on PGlite and on
 * PostgreSQL (test/postgres.ts).
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { devnetClients, startDevnet } from '@oxbow/devnet'
import { type NetworkDeployment, weth9Abi } from '@oxbow/protocol'
import { encodeFunctionData, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { IndexerHandle } from '../scripts/launcher.ts'
import { gqlClient, okData, startTestIndexer } from './helpers.ts'
import { postgresSkipReason, startTestPostgres, type TestPostgres } from './postgres.ts'

const PORT_BASE = 23300
const TRANSFERS = 40

let devnet: Awaited<ReturnType<typeof startDevnet>>

before(async () => {
  devnet = await startDevnet({ networks: ['ethereum'], portBase: PORT_BASE })
})

after(async () => {
  await devnet?.stop()
})

for (const backend of [
  { name: 'PGlite', port: PORT_BASE + 90, account: 7 },
  { name: 'PostgreSQL', port: PORT_BASE + 91, account: 8 },
] as const)
  describe(`complete blocks only (${backend.name})`, {
    skip: backend.name === 'PostgreSQL' ? postgresSkipReason() : false,
  }, () => {
    let indexer: IndexerHandle | undefined
    let pg: TestPostgres | undefined

    before(async () => {
      if (backend.name === 'PostgreSQL') pg = await startTestPostgres()
      indexer = await startTestIndexer(devnet.manifestPath, backend.port, {
        schema: `oxbow_blocks_${Date.now()}`,
        postgres: pg,
        networks: ['ethereum'],
        logLevel: 'warn',
        readyTimeoutMs: 600_000,
        // six pollers ask as fast as answers come (per-state cached ones in about a millisecond),
        // far past a client's limit; the limit itself is rateLimit.test.ts's subject
        env: { OXBOW_INDEXER_RATE_LIMIT_PER_MINUTE: '1000000', OXBOW_INDEXER_RATE_LIMIT_BURST: '100000' },
      })
    })

    after(async () => {
      await indexer?.stop()
      await pg?.stop()
    })

    it('behavior: queries during the indexing of a block see none or all of its transfers', async () => {
      const eth = devnet.manifest.networks.ethereum as NetworkDeployment
      const { public: client, wallet } = devnetClients(devnet.manifest, 'ethereum', backend.account)
      const recipient = privateKeyToAccount(`0x${'4'.repeat(63)}${backend.account}`).address
      const weth = eth.contracts.weth9
      const wrap = await wallet.sendTransaction({
        to: weth,
        data: encodeFunctionData({ abi: weth9Abi, functionName: 'deposit' }),
        value: parseEther('1'),
      })
      await client.waitForTransactionReceipt({ hash: wrap })

      const gql = gqlClient(indexer?.graphqlUrl ?? '')
      const seen = new Map<number, number>()
      let polls = 0
      let stop = false
      /** Distinct queries (first varies), so each is executed, not served from the response cache. */
      const poll = async (worker: number) => {
        for (let i = 0; !stop; i++) {
          const first = 50 + ((worker * 37 + i) % 50)
          const data = await okData(
            gql<{
              activity: { nodes: { type: string; assetChanges: { amount: string }[] }[] }
              portfolio: { balances: { amount: string; token: { address: string } }[] }
            }>(
              `query($a: String!) { activity(address: $a, networks: ["ethereum"], first: ${first}) { nodes { type assetChanges { amount } } }
              portfolio(owner: $a, networks: ["ethereum"], hideSpam: false) { balances { amount token { address } } } }`,
              { a: recipient },
            ),
          )
          const received = data.activity.nodes.filter((n) => n.type === 'RECEIVE').length
          const balance = data.portfolio.balances.find(
            (b) => b.token.address.toLowerCase() === weth.toLowerCase(),
          )
          const balanceTransfers = balance ? Number(BigInt(balance.amount) / parseEther('0.001')) : 0
          assert.equal(balanceTransfers, received, 'balance and activity are of the same block')
          seen.set(received, (seen.get(received) ?? 0) + 1)
          polls++
        }
      }
      const failures: unknown[] = []
      const pollers = [0, 1, 2, 3, 4, 5].map((worker) =>
        poll(worker).catch((error: unknown) => {
          failures.push(error)
          stop = true
        }),
      )

      // one block with every transfer in it
      await client.request({ method: 'evm_setAutomine' as never, params: [false] as never })
      let last: `0x${string}` | undefined
      try {
        for (let i = 0; i < TRANSFERS; i++) {
          last = await wallet.sendTransaction({
            to: weth,
            data: encodeFunctionData({
              abi: weth9Abi,
              functionName: 'transfer',
              args: [recipient, parseEther('0.001')],
            }),
            gas: 100_000n,
          })
        }
        await client.request({ method: 'evm_mine' as never, params: [] as never })
      } finally {
        await client.request({ method: 'evm_setAutomine' as never, params: [true] as never })
      }
      const receipt = await client.waitForTransactionReceipt({ hash: last as `0x${string}` })
      assert.equal(receipt.status, 'success')

      const deadline = Date.now() + 60_000
      while (!seen.has(TRANSFERS) && !stop && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20))
      await new Promise((r) => setTimeout(r, 300))
      stop = true
      await Promise.all(pollers)
      console.log(`# answers by RECEIVE count: ${JSON.stringify([...seen])} (${polls} polls)`)
      if (failures.length > 0) throw failures[0]
      assert.ok(seen.has(TRANSFERS), `the block was indexed: ${JSON.stringify([...seen])}`)
      assert.deepEqual(
        [...seen.keys()].filter((n) => n !== 0 && n !== TRANSFERS),
        [],
        `answers saw part of the block (RECEIVE count -> answers): ${JSON.stringify([...seen])}, ${polls} polls`,
      )
    })
  })
