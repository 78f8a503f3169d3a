/**
 * ENS on the devnet's Ethereum: the seeded names resolve forward and (verified) in reverse through
 * @oxbow/protocol's resolution against the deployed registry; networks without ENS have none.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  EnsNameError,
  ensAvatar,
  ensResolverAbi,
  ensText,
  looksLikeEnsName,
  lookupEnsAddress,
  normalizeEnsName,
  resolveEnsName,
} from '@oxbow/protocol/ens'
import { getAddress, namehash } from 'viem'
import { testAccounts } from '../src/accounts.ts'
import { devnetClients, revert, snapshot } from '../src/index.ts'
import { deploymentOf, devnetForFile } from './fixtures.ts'

const devnet = devnetForFile(20700)

const account = (index: number) => {
  const found = testAccounts[index]
  if (!found) throw new Error(`no test account ${index}`)
  return found.address
}

describe('ENS on the devnet', () => {
  test('behavior: only Ethereum has a registry, recorded in the manifest with its names', () => {
    const ens = deploymentOf(devnet.manifest, 'ethereum').ens
    assert.ok(ens, 'ethereum has ENS')
    assert.equal(deploymentOf(devnet.manifest, 'base').ens, undefined)
    assert.deepEqual(
      ens.names.map((n) => n.name),
      ['alice.eth', 'bob.eth', 'oxbow.eth'],
    )
  })

  test('behavior: names resolve forward to their addresses, case and whitespace normalized', async () => {
    const ens = deploymentOf(devnet.manifest, 'ethereum').ens
    assert.ok(ens)
    const { public: client } = devnetClients(devnet.manifest, 'ethereum')
    assert.equal(await resolveEnsName(client, ens.registry, 'alice.eth'), account(1))
    assert.equal(await resolveEnsName(client, ens.registry, ' Bob.ETH '), account(2))
    assert.equal(
      await resolveEnsName(client, ens.registry, 'oxbow.eth'),
      getAddress(deploymentOf(devnet.manifest, 'ethereum').contracts.universalRouter),
    )
    assert.equal(await resolveEnsName(client, ens.registry, 'nobody.eth'), null)
  })

  test('behavior: reverse lookups return the primary name only when it resolves back', async () => {
    const ens = deploymentOf(devnet.manifest, 'ethereum').ens
    assert.ok(ens)
    const { public: client } = devnetClients(devnet.manifest, 'ethereum')
    assert.equal(await lookupEnsAddress(client, ens.registry, account(1)), 'alice.eth')
    assert.equal(await lookupEnsAddress(client, ens.registry, account(2)), 'bob.eth')
    // Account 3 claims alice.eth in its reverse record; the forward record says account 1.
    assert.equal(await lookupEnsAddress(client, ens.registry, account(3)), null)
    // Account 0 has no name.
    assert.equal(await lookupEnsAddress(client, ens.registry, account(0)), null)
  })

  test('behavior: text records (avatar, description) read back verbatim', async () => {
    const ens = deploymentOf(devnet.manifest, 'ethereum').ens
    assert.ok(ens)
    const { public: client } = devnetClients(devnet.manifest, 'ethereum')
    const avatar = await ensText(client, ens.registry, 'alice.eth', 'avatar')
    // Token 2 of the first collection: account 1's (tokens are minted round-robin from account 0).
    assert.match(avatar ?? '', /^eip155:\d+\/erc721:0x[0-9a-fA-F]{40}\/2$/)
    assert.equal(
      await ensText(client, ens.registry, 'alice.eth', 'description'),
      '<img src=x onerror="window.__xss=1">',
    )
    assert.equal(await ensText(client, ens.registry, 'oxbow.eth', 'avatar'), null)
  })

  test("behavior: an NFT avatar resolves to its token's inline image while the name's address holds it", async () => {
    const ens = deploymentOf(devnet.manifest, 'ethereum').ens
    assert.ok(ens)
    const { public: client } = devnetClients(devnet.manifest, 'ethereum')
    const chainId = deploymentOf(devnet.manifest, 'ethereum').chainId
    const alice = await ensAvatar(client, ens.registry, 'alice.eth', { chainId, owner: account(1) })
    assert.match(alice ?? '', /^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+={0,2}$/)
    const bob = await ensAvatar(client, ens.registry, 'bob.eth', { chainId, owner: account(2) })
    assert.ok(bob && bob !== alice, 'another token, another image')
    // ENSIP-12: an NFT the address does not hold is no avatar; nor is one on another chain.
    assert.equal(await ensAvatar(client, ens.registry, 'alice.eth', { chainId, owner: account(0) }), null)
    assert.equal(
      await ensAvatar(client, ens.registry, 'alice.eth', { chainId: chainId + 1, owner: account(1) }),
      null,
    )
    assert.equal(await ensAvatar(client, ens.registry, 'oxbow.eth', { chainId, owner: account(0) }), null)
  })

  test('error: malformed names are refused before any read', () => {
    for (const bad of ['', 'alice', 'a..eth', `${'a'.repeat(300)}.eth`, 'al\u0000ice.eth', '<b>.eth']) {
      assert.equal(looksLikeEnsName(bad), false, JSON.stringify(bad))
    }
    assert.throws(() => normalizeEnsName('a..eth'), EnsNameError)
    assert.throws(() => normalizeEnsName('x'.repeat(300)), EnsNameError)
    assert.equal(normalizeEnsName(' Alice.ETH '), 'alice.eth')
    assert.equal(looksLikeEnsName(account(1)), false, 'an address is not a name')
    assert.equal(looksLikeEnsName('alice.eth'), true)
  })
  test('behavior: an ipfs:// avatar record loads through the given gateway; other schemes are no avatar', async () => {
    const ens = deploymentOf(devnet.manifest, 'ethereum').ens
    assert.ok(ens)
    const { public: client, wallet } = devnetClients(devnet.manifest, 'ethereum', 2)
    const chainId = deploymentOf(devnet.manifest, 'ethereum').chainId
    const rpcUrl = deploymentOf(devnet.manifest, 'ethereum').rpcUrl
    const cid = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG'
    const gateway = 'https://gateway.example/ipfs/'
    const id = await snapshot(rpcUrl)
    try {
      // bob.eth is account 2's: it sets its own avatar record.
      const setAvatar = async (value: string) => {
        const hash = await wallet.writeContract({
          address: ens.publicResolver,
          abi: ensResolverAbi,
          functionName: 'setText',
          args: [namehash('bob.eth'), 'avatar', value],
        })
        await client.waitForTransactionReceipt({ hash })
      }
      const bob = (ipfsGateway?: string) =>
        ensAvatar(client, ens.registry, 'bob.eth', {
          chainId,
          owner: account(2),
          ...(ipfsGateway ? { ipfsGateway } : {}),
        })
      await setAvatar(`ipfs://${cid}`)
      assert.equal(await bob(gateway), `${gateway}${cid}`)
      assert.equal(await bob(), null, 'without a gateway an ipfs record is dropped')
      for (const bad of ['javascript:alert(1)', 'http://example.com/a.png', 'ipfs://not-a-cid']) {
        await setAvatar(bad)
        assert.equal(await bob(gateway), null, bad)
      }
    } finally {
      await revert(rpcUrl, id)
    }
  })
})
