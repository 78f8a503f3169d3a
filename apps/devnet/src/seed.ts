/**
 * Deterministic seed of one network: token universe, NFT collections, a v4 hook, v2/v3/v4 pools
 * with positions, funded test accounts and traders, then 30 days of backdated history. Each step
 * lives in seed/; the order here is the order of the transactions, which decides the state.
 */

import { settleSeedPrices } from './seed/arbitrage.ts'
import { deployEns } from './seed/ens.ts'
import { writeHistory } from './seed/history.ts'
import { deployHook } from './seed/hook.ts'
import type { SeedOptions, SeedResult } from './seed/model.ts'
import { seedNftCollections } from './seed/nfts.ts'
import { seedPools } from './seed/pools.ts'
import { deployTokens, fundLiquidityProvider, fundTestAccounts, fundTraders } from './seed/tokens.ts'
import { nativePriceUsd, tokenSpecs } from './universe.ts'

export async function seedNetwork(options: SeedOptions): Promise<SeedResult> {
  const { sender, network, contracts, compiled } = options
  const nativeUsd = nativePriceUsd[network.nativeCurrency.symbol] ?? 1
  const { tokens, currencies } = await deployTokens(options, nativeUsd)
  await fundLiquidityProvider(sender, contracts, currencies, nativeUsd)
  const hook = await deployHook(sender, contracts, compiled)
  const live = await seedPools(sender, contracts, tokenSpecs(network.slug), currencies, hook)
  const nftCollections = await seedNftCollections(sender, compiled, options.testAccounts)
  await fundTestAccounts(sender, contracts, options.testAccounts, currencies, nativeUsd)
  await fundTraders(sender, contracts, currencies, nativeUsd)
  await sender.check()

  await writeHistory(options, live, nativeUsd)
  // Arbitrageurs close the gaps the random trades opened: one price per token across all pools.
  await settleSeedPrices(sender, contracts, live, options.historyTo)
  // Last, so the names add blocks after the history and move no other deployment's address.
  const firstNft = nftCollections[0]
  const ens = network.capabilities.ens
    ? await deployEns(sender, {
        testAccounts: options.testAccounts,
        contract: contracts.universalRouter,
        // Token n + 1 of the first collection is test account n's (minted round-robin from 1).
        avatarOf: (holder: number) =>
          firstNft ? `eip155:${network.local.chainId}/erc721:${firstNft.address}/${holder + 1}` : '',
      })
    : undefined

  return {
    tokens,
    pools: live.map((p) => p.manifest),
    nftCollections,
    hooks: { OxbowHook: hook },
    live,
    currencies,
    ...(ens ? { ens } : {}),
  }
}
