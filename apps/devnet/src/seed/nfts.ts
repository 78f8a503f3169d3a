/** The seeded NFT collections, minted round-robin to the first four test accounts. */
import type { ManifestNftCollection } from '@oxbow/protocol'
import { type Address, parseAbi } from 'viem'
import type { CompiledSeedContracts } from '../compile.ts'
import { DEPLOYER } from '../deploy.ts'
import type { Sender } from '../rpc.ts'
import { nftCollectionSpecs } from '../universe.ts'
import { withArgs } from './model.ts'

const collectionAbi = parseAbi(['function mint(address to) returns (uint256)'])

export async function seedNftCollections(
  sender: Sender,
  compiled: CompiledSeedContracts,
  testAccounts: readonly Address[],
): Promise<ManifestNftCollection[]> {
  const nftCollections: ManifestNftCollection[] = []
  for (const spec of nftCollectionSpecs) {
    const address = await sender.deploy(
      DEPLOYER,
      withArgs(compiled.OxbowCollection.bytecode, 'string,string,string,uint256', [
        spec.name,
        spec.symbol,
        spec.description,
        BigInt(spec.hue),
      ]),
      spec.symbol,
      3_000_000n,
    )
    for (let i = 0; i < spec.supply; i++) {
      const to = testAccounts[i % 4] as Address
      await sender.write(DEPLOYER, { address, abi: collectionAbi, functionName: 'mint', args: [to] })
    }
    nftCollections.push({ address, name: spec.name, symbol: spec.symbol, totalSupply: spec.supply })
  }
  return nftCollections
}
