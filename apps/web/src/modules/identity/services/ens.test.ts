/**
 * The web's ENS lookups against the real devnet (Ethereum with its seeded names), configured the
 * way the web server configures the browser: the registry comes from the runtime config.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { type Devnet, startDevnet, testAccounts } from '@oxbow/devnet'
import { buildRuntimeConfig } from '../../../../server/runtimeConfig.ts'
import type { RuntimeConfig } from '../../config/index.ts'
import { ensTarget, lookupName, resolveName } from './ens.ts'

let devnet: Devnet
let config: RuntimeConfig

before(async () => {
  devnet = await startDevnet({ networks: ['ethereum'], portBase: 21300 })
  config = await buildRuntimeConfig({ OXBOW_MANIFEST: devnet.manifestPath })
})
after(async () => {
  await devnet?.stop()
})

const address = (index: number) => {
  const account = testAccounts[index]
  if (!account) throw new Error(`no test account ${index}`)
  return account.address
}

describe('ENS lookups', () => {
  test('behavior: the runtime config carries the devnet registry for Ethereum only', () => {
    const target = ensTarget(config)
    assert.equal(target?.registry, devnet.manifest.networks.ethereum?.ens?.registry)
    assert.deepEqual(
      config.networks.filter((network) => network.ensRegistry).map((network) => network.slug),
      ['ethereum'],
    )
  })

  test('behavior: a name resolves to its address, an address to its verified name', async () => {
    assert.equal(await resolveName(config, 'alice.eth'), address(1))
    assert.equal(await resolveName(config, 'BOB.eth'), address(2))
    assert.equal(await lookupName(config, address(1)), 'alice.eth')
    assert.equal(await lookupName(config, address(3)), null, 'a spoofed reverse record is refused')
    assert.equal(await lookupName(config, address(0)), null)
  })

  test('error: malformed or unknown names resolve to nothing, without throwing', async () => {
    for (const name of ['', 'alice', 'a..eth', '<script>.eth', `${'x'.repeat(400)}.eth`, 'nobody.eth']) {
      assert.equal(await resolveName(config, name), null, JSON.stringify(name))
    }
  })

  test('behavior: without an ENS registry in the config nothing is looked up', async () => {
    const none: RuntimeConfig = {
      ...config,
      networks: config.networks.map(({ ensRegistry: _, ...network }) => network),
    }
    assert.equal(ensTarget(none), undefined)
    assert.equal(await resolveName(none, 'alice.eth'), null)
    assert.equal(await lookupName(none, address(1)), null)
  })
})
