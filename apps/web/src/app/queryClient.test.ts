import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import { memoryStorage } from '../../test/memoryStorage.ts'
import {
  createQueryClient as createClient,
  persistQueryCache,
  QUERY_CACHE_KEY,
  QUERY_CACHE_MAX_AGE_MS,
  QUERY_CACHE_THROTTLE_MS,
  QUERY_CACHE_VERSION,
  restoreQueryCache,
  saveQueryCache,
} from './queryClient.ts'

// Query clients keep garbage-collection timers (one day): clear them so the test process can exit.
const clients: ReturnType<typeof createClient>[] = []
function createQueryClient() {
  const client = createClient()
  clients.push(client)
  return client
}
after(() => {
  for (const client of clients) client.clear()
})

const rates = { base: 'USD', rates: { EUR: 0.9 } }

test('behavior: the spec constants of the offline cache', () => {
  assert.equal(QUERY_CACHE_VERSION, 'v0')
  assert.equal(QUERY_CACHE_MAX_AGE_MS, 86_400_000)
  assert.equal(QUERY_CACHE_THROTTLE_MS, 1000)
})

test('behavior: a fresh v0 cache is restored', () => {
  const storage = memoryStorage()
  const client = createQueryClient()
  client.setQueryData(['fx-rates'], rates)
  saveQueryCache(client, storage)
  const restored = createQueryClient()
  assert.equal(restoreQueryCache(restored, storage), true)
  assert.deepEqual(restored.getQueryData(['fx-rates']), rates)
})

test('behavior: a cache older than one day, of another version or malformed is dropped', () => {
  const client = createQueryClient()
  client.setQueryData(['fx-rates'], rates)
  for (const [label, mutate] of [
    [
      'old',
      (cache: Record<string, unknown>) => ({ ...cache, timestamp: Date.now() - QUERY_CACHE_MAX_AGE_MS - 1 }),
    ],
    ['version', (cache: Record<string, unknown>) => ({ ...cache, buster: 'v-old' })],
    ['malformed', () => ({ hello: 'world' })],
  ] as const) {
    const storage = memoryStorage()
    saveQueryCache(client, storage)
    storage.setItem(
      QUERY_CACHE_KEY,
      JSON.stringify(mutate(JSON.parse(storage.getItem(QUERY_CACHE_KEY) ?? '{}'))),
    )
    const restored = createQueryClient()
    assert.equal(restoreQueryCache(restored, storage), false, label)
    assert.equal(restored.getQueryData(['fx-rates']), undefined, label)
    assert.equal(storage.getItem(QUERY_CACHE_KEY), null, `${label}: removed`)
  }
})

test('behavior: changes are persisted at most once per second', async () => {
  const storage = memoryStorage()
  const client = createQueryClient()
  const stop = persistQueryCache(client, storage)
  for (let i = 0; i < 20; i++) client.setQueryData(['n', i], i)
  assert.equal(storage.writes, 0, 'throttled')
  await new Promise((resolve) => setTimeout(resolve, QUERY_CACHE_THROTTLE_MS + 150))
  assert.equal(storage.writes, 1)
  stop()
  const restored = createQueryClient()
  restoreQueryCache(restored, storage)
  assert.equal(restored.getQueryData(['n', 19]), 19)
})
