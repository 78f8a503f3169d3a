/**
 * ENS on a network whose registry entry says it has it (Ethereum): the registry, a public resolver
 * and the reverse registrar from @ensdomains' npm artifacts, then a few names with records.
 *
 * Names: alice.eth and bob.eth point at test accounts 1 and 2 with reverse (primary) records, an
 * avatar (ENSIP-12: an NFT of the seeded collection that account holds) and alice a description;
 * oxbow.eth points at a contract (the Universal Router), without a reverse record; test account 3 claims alice.eth in its reverse record, which a verified reverse
 * lookup must refuse (the forward record points elsewhere). Test account 0 stays nameless, so the
 * screens that show the connected address keep showing it.
 */
import type { ManifestEns } from '@oxbow/protocol'
import { ensRegistryAbi, ensResolverAbi, labelHash, namehash, reverseNode } from '@oxbow/protocol/ens'
import type { Address, Hex } from 'viem'
import { loadArtifacts } from '../artifacts.ts'
import { DEPLOYER } from '../deploy.ts'
import type { Sender } from '../rpc.ts'
import { withArgs } from './model.ts'

interface NameSpec {
  readonly label: string
  readonly address: Address
  /** Also set as the address's reverse record. */
  readonly primary: boolean
  readonly text: Readonly<Record<string, string>>
}

export async function deployEns(
  sender: Sender,
  options: {
    testAccounts: readonly Address[]
    contract: Address
    /** The avatar record (an ENSIP-12 NFT reference) of an NFT test account `holder` holds. */
    avatarOf: (holder: number) => string
  },
): Promise<ManifestEns> {
  const a = loadArtifacts()
  const d = DEPLOYER
  const registry = await sender.deploy(d, a.ensRegistry, 'ENSRegistry', 3_000_000n)
  const publicResolver = await sender.deploy(
    d,
    withArgs(a.ensPublicResolver, 'address', [registry]),
    'PublicResolver',
    6_000_000n,
  )
  // Deployed before addr.reverse exists: its constructor hands an existing owner's claim over.
  const reverseRegistrar = await sender.deploy(
    d,
    withArgs(a.ensReverseRegistrar, 'address,address', [registry, publicResolver]),
    'ReverseRegistrar',
    3_000_000n,
  )
  const registryAt = { address: registry, abi: ensRegistryAbi } as const
  const resolverAt = { address: publicResolver, abi: ensResolverAbi } as const
  const setSubnodeOwner = (parent: string, label: string, owner: Address) =>
    sender.write(d, {
      ...registryAt,
      functionName: 'setSubnodeOwner',
      args: [namehash(parent), labelHash(label), owner],
    })
  const setResolver = (node: Hex) =>
    sender.write(d, { ...registryAt, functionName: 'setResolver', args: [node, publicResolver] })
  const setOwner = (node: Hex, owner: Address) =>
    sender.write(d, { ...registryAt, functionName: 'setOwner', args: [node, owner] })
  await setSubnodeOwner('', 'eth', d)
  await setSubnodeOwner('', 'reverse', d)
  // The deployer holds addr.reverse while it writes the seeded reverse records, then hands it over.
  await setSubnodeOwner('reverse', 'addr', d)

  const [, account1, account2, account3] = options.testAccounts
  if (!account1 || !account2 || !account3) throw new Error('ENS seed needs 4 test accounts')
  const names: NameSpec[] = [
    {
      label: 'alice',
      address: account1,
      primary: true,
      text: { avatar: options.avatarOf(1), description: '<img src=x onerror="window.__xss=1">' },
    },
    { label: 'bob', address: account2, primary: true, text: { avatar: options.avatarOf(2) } },
    { label: 'oxbow', address: options.contract, primary: false, text: {} },
  ]
  for (const spec of names) {
    const node = namehash(`${spec.label}.eth`)
    await setSubnodeOwner('eth', spec.label, d)
    await setResolver(node)
    await sender.write(d, { ...resolverAt, functionName: 'setAddr', args: [node, spec.address] })
    for (const [key, value] of Object.entries(spec.text)) {
      await sender.write(d, { ...resolverAt, functionName: 'setText', args: [node, key, value] })
    }
    await setOwner(node, spec.address)
    if (spec.primary) await setReverse(spec.address, `${spec.label}.eth`)
  }
  // A spoofed primary name: account 3 claims alice.eth, whose forward record is account 1's.
  await setReverse(account3, 'alice.eth')
  await setOwner(namehash('addr.reverse'), reverseRegistrar)
  await sender.check()

  async function setReverse(address: Address, name: string) {
    const node = reverseNode(address)
    await setSubnodeOwner('addr.reverse', address.slice(2).toLowerCase(), d)
    await setResolver(node)
    await sender.write(d, { ...resolverAt, functionName: 'setName', args: [node, name] })
    await setOwner(node, address)
  }

  return {
    registry,
    publicResolver,
    reverseRegistrar,
    names: names.map((spec) => ({ name: `${spec.label}.eth`, address: spec.address, primary: spec.primary })),
  }
}
