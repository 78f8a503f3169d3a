/**
 * NFT reports through the real app on embedded PGlite and a PostgreSQL server: a report is stored
 * and read back; the same reporter reporting again is not counted twice, another reporter is; every
 * refusal (malformed address, negative or over-uint256 token id, unknown network or reason, extra
 * fields, not JSON, a body over 1 KiB) is a typed 4xx and stores nothing; the module's rate limit.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Hono } from 'hono'
import type { Database } from '../src/db/index.ts'
import { createNftReportModule } from '../src/nftReports/index.ts'
import { dropTestDatabase, fileDatabases } from './databaseKit.ts'
import { testApp } from './kit.ts'

const silent = { info: () => {}, error: () => {} }
// biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked field by field by the assertions
type Json = any

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const UINT256_MAX = (2n ** 256n - 1n).toString()
const databases = fileDatabases()

for (const [index, database] of databases.entries()) {
  describe(`NFT reports on ${database.name}`, () => {
    let db: Database
    let app: Hono
    // The client key is the request's X-Test-Client header here (the server's is the socket address).
    before(async () => {
      db = await database.open(`nft_reports_test_${index}_${process.pid}`)
      const module = await createNftReportModule({
        db,
        log: silent,
        clientKey: (c) => c.req.header('x-test-client') ?? 'anonymous',
        perMinute: 6,
        eager: true,
      })
      app = testApp([module])
    })
    after(() => dropTestDatabase(db))

    const report = async (body: unknown, client = 'alice', raw?: string) => {
      const response = await app.request('/v1/nfts/reports', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-test-client': client },
        body: raw ?? JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json()) as Json }
    }
    const summary = async (tokenId: string, contract = CONTRACT, network = 'ethereum') => {
      const response = await app.request(`/v1/nfts/reports/${network}/${contract}/${tokenId}`)
      return { status: response.status, body: (await response.json()) as Json }
    }
    const rows = async () => (await db.query<{ n: string }>('SELECT count(*) AS n FROM nft_reports'))[0]?.n

    test('a report is stored and read back; the same reporter is not counted twice, another is', async () => {
      const nft = { network: 'ethereum', contractAddress: CONTRACT.toLowerCase(), tokenId: '7' }
      const first = await report({ ...nft, reason: 'spam' }, 'alice')
      assert.equal(first.status, 201)
      assert.deepEqual(first.body, { ...nft, contractAddress: CONTRACT, reason: 'spam', duplicate: false })
      const again = await report({ ...nft, reason: 'scam' }, 'alice')
      assert.equal(again.status, 200)
      assert.equal(again.body.duplicate, true)
      assert.equal((await report({ ...nft, reason: 'scam' }, 'bob')).status, 201)
      const read = await summary('7')
      assert.equal(read.status, 200)
      assert.deepEqual(read.body, {
        network: 'ethereum',
        contractAddress: CONTRACT,
        tokenId: '7',
        reports: 2,
        reasons: { spam: 1, scam: 1, offensive: 0, stolen: 0 },
      })
      const stored = await db.query<Json>(
        'SELECT network, contract_address, token_id::text AS id, reason FROM nft_reports',
      )
      assert.deepEqual(stored.map((r: Json) => [r.network, r.contract_address, r.id, r.reason]).sort(), [
        ['ethereum', CONTRACT.toLowerCase(), '7', 'scam'],
        ['ethereum', CONTRACT.toLowerCase(), '7', 'spam'],
      ])
      // The largest token id round-trips exactly (numeric(78), not a float).
      assert.equal((await report({ ...nft, tokenId: UINT256_MAX, reason: 'stolen' }, 'carol')).status, 201)
      assert.equal((await summary(UINT256_MAX)).body.reasons.stolen, 1)
      assert.equal((await summary('0')).body.reports, 0)
    })

    test('bad input: typed 4xx, nothing stored', async () => {
      const before = await rows()
      const good = { network: 'ethereum', contractAddress: CONTRACT, tokenId: '1', reason: 'spam' }
      const cases: [unknown, number, string, string?][] = [
        [{ ...good, contractAddress: '0x1234' }, 400, 'INVALID_INPUT', 'contractAddress'],
        [{ ...good, contractAddress: `${CONTRACT}00` }, 400, 'INVALID_INPUT', 'contractAddress'],
        [{ ...good, tokenId: '-1' }, 400, 'INVALID_INPUT', 'tokenId'],
        [{ ...good, tokenId: '1.5' }, 400, 'INVALID_INPUT', 'tokenId'],
        [{ ...good, tokenId: '007' }, 400, 'INVALID_INPUT', 'tokenId'],
        [{ ...good, tokenId: (2n ** 256n).toString() }, 400, 'INVALID_INPUT', 'tokenId'],
        [{ ...good, tokenId: '9'.repeat(200) }, 400, 'INVALID_INPUT', 'tokenId'],
        [{ ...good, tokenId: 1 }, 400, 'INVALID_INPUT', 'tokenId'],
        [{ ...good, reason: 'boring' }, 400, 'INVALID_INPUT', 'reason'],
        [{ ...good, extra: 1 }, 400, 'INVALID_INPUT'],
        [{ ...good, network: 'nowhere' }, 400, 'UNSUPPORTED_NETWORK', 'network'],
        [{ ...good, network: "ethereum' OR 1=1 --" }, 400, 'UNSUPPORTED_NETWORK', 'network'],
        [{ ...good, reason: undefined }, 400, 'INVALID_INPUT', 'reason'],
      ]
      for (const [index, [body, status, code, path]] of cases.entries()) {
        const answer = await report(body, `bad-${index}`)
        assert.equal(answer.status, status, JSON.stringify(body))
        assert.equal(answer.body.error.code, code, JSON.stringify(body))
        if (path)
          assert.ok(
            answer.body.error.details.some((d: Json) => d.path === path),
            JSON.stringify(answer.body),
          )
      }
      const notJson = await report(undefined, 'bad-json', '{"network":')
      assert.equal(notJson.status, 400)
      assert.equal(notJson.body.error.code, 'INVALID_JSON')
      const huge = await report({ ...good, pad: 'x'.repeat(2048) }, 'bad-size')
      assert.equal(huge.status, 413)
      assert.equal(huge.body.error.code, 'PAYLOAD_TOO_LARGE')
      const text = await app.request('/v1/nfts/reports', {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'x-test-client': 'bad-type' },
        body: JSON.stringify(good),
      })
      assert.equal(text.status, 415)
      assert.equal((await summary('1', '0x1234')).status, 400)
      assert.equal((await summary('-1')).status, 400)
      assert.equal((await summary('1', CONTRACT, 'nowhere')).body.error.code, 'UNSUPPORTED_NETWORK')
      assert.equal(await rows(), before, 'no refused request stored anything')
    })

    test('rate limit: a client over its budget gets 429 and stores nothing more', async () => {
      const statuses: number[] = []
      for (let id = 100; id < 110; id++) {
        const answer = await report(
          { network: 'base', contractAddress: CONTRACT, tokenId: String(id), reason: 'offensive' },
          'flooder',
        )
        statuses.push(answer.status)
        if (answer.status === 429) assert.equal(answer.body.error.code, 'RATE_LIMIT_EXCEEDED')
      }
      assert.deepEqual(statuses.slice(0, 3), [201, 201, 201])
      assert.equal(statuses.at(-1), 429)
      const accepted = statuses.filter((s) => s === 201).length
      const stored = await db.query<{ n: string }>(
        "SELECT count(*) AS n FROM nft_reports WHERE network = 'base'",
      )
      assert.equal(Number(stored[0]?.n), accepted)
      // Another client is not limited by the first one's budget.
      const other = await report(
        { network: 'base', contractAddress: CONTRACT, tokenId: '100', reason: 'spam' },
        'calm',
      )
      assert.equal(other.status, 201)
    })
  })
}
