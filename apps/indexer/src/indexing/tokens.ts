import type { Context } from 'ponder:registry'
import { networkState, nft, nftCollection } from 'ponder:schema'
import { zeroAddress } from 'viem'
import { erc721Abi } from '../lib/abis.ts'
import { readManifestSync } from '../lib/manifest.ts'
import { foldActivity, nativeLeg } from './activity.ts'
import { prefetchHistory, recordNativeTransfers } from './nativeTransfers.ts'
import { ponder } from './registry.ts'
import { addBalance, addSupply, lower, metaOf, seedTokens, setNetworkState } from './store.ts'

ponder.on('Clock:block', async ({ event, context }) => {
  const chainId = context.network.chainId
  const previous = await context.db.find(networkState, { chainId })
  await recordNativeTransfers(context.db, context.client, chainId, previous?.blockNumber ?? null, event.block)
  await setNetworkState(
    context.db,
    chainId,
    event.block.number,
    event.block.hash,
    Number(event.block.timestamp),
  )
})

ponder.on('Token:setup', async ({ context }) => {
  prefetchHistory(context.network.chainId)
  await seedTokens(context.db, context.network.chainId)
})

ponder.on('Token:Transfer', async ({ event, context }) => {
  const chainId = context.network.chainId
  const address = lower(event.log.address)
  const { from, to, value } = event.args
  const meta = metaOf(chainId, event)
  if (from === zeroAddress) await addSupply(context.db, chainId, address, value)
  else await addBalance(context.db, chainId, address, from, -value)
  if (to === zeroAddress) await addSupply(context.db, chainId, address, -value)
  else await addBalance(context.db, chainId, address, to, value)

  if (from === zeroAddress) {
    await foldActivity(context.db, meta, to, 'MINT', {
      change: { token: address, amount: value.toString(), direction: 'IN' },
    })
    return
  }
  await foldActivity(context.db, meta, from, 'SEND', {
    change: { token: address, amount: value.toString(), direction: 'OUT' },
    counterparty: to,
  })
  await foldActivity(context.db, meta, to, 'RECEIVE', {
    change: { token: address, amount: value.toString(), direction: 'IN' },
    counterparty: from,
  })
})

ponder.on('Token:Approval', async ({ event, context }) => {
  const { owner, spender, value } = event.args
  await foldActivity(
    context.db,
    metaOf(context.network.chainId, event),
    owner,
    value === 0n ? 'REVOKE' : 'APPROVE',
    {
      counterparty: spender,
    },
  )
})

/**
 * A Permit2 allowance set on chain: a signed permit submitted (`Permit`, also what a Universal Router
 * swap's PERMIT2_PERMIT command emits) or a direct `approve` (`Approval`). The owner's row reads
 * 'PERMIT' when nothing else happened in the transaction; a swap or liquidity call that permits on
 * the way outranks it, so that transaction stays one row named after the call.
 */
ponder.on('Permit2:Permit', async ({ event, context }) => {
  const { owner, spender } = event.args
  await foldActivity(context.db, metaOf(context.network.chainId, event), owner, 'PERMIT', {
    counterparty: spender,
  })
})

ponder.on('Permit2:Approval', async ({ event, context }) => {
  const { owner, spender } = event.args
  await foldActivity(context.db, metaOf(context.network.chainId, event), owner, 'PERMIT', {
    counterparty: spender,
  })
})

ponder.on('Token:Deposit', async ({ event, context }) => {
  const chainId = context.network.chainId
  const address = lower(event.log.address)
  const { dst, wad } = event.args
  await addBalance(context.db, chainId, address, dst, wad)
  await addSupply(context.db, chainId, address, wad)
  const meta = metaOf(chainId, event)
  // A router wrapping the sender's ETH on their behalf: the sender paid that ETH.
  if (lower(dst) !== lower(event.transaction.from)) return nativeLeg(context.db, meta, -wad)
  await foldActivity(context.db, meta, dst, 'WRAP', {
    change: { token: zeroAddress, amount: wad.toString(), direction: 'OUT' },
  })
  await foldActivity(context.db, meta, dst, 'WRAP', {
    change: { token: address, amount: wad.toString(), direction: 'IN' },
  })
})

ponder.on('Token:Withdrawal', async ({ event, context }) => {
  const chainId = context.network.chainId
  const address = lower(event.log.address)
  const { src, wad } = event.args
  await addBalance(context.db, chainId, address, src, -wad)
  await addSupply(context.db, chainId, address, -wad)
  const meta = metaOf(chainId, event)
  // A router unwrapping for the sender: the ETH is paid out to them.
  if (lower(src) !== lower(event.transaction.from)) return nativeLeg(context.db, meta, wad)
  await foldActivity(context.db, meta, src, 'UNWRAP', {
    change: { token: address, amount: wad.toString(), direction: 'OUT' },
  })
  await foldActivity(context.db, meta, src, 'UNWRAP', {
    change: { token: zeroAddress, amount: wad.toString(), direction: 'IN' },
  })
})

ponder.on('Nft:setup', async ({ context }) => {
  const chainId = context.network.chainId
  const d = Object.values(readManifestSync().networks).find((n) => n.chainId === chainId)
  if (!d || d.nftCollections.length === 0) return
  await context.db
    .insert(nftCollection)
    .values(
      d.nftCollections.map((c) => ({
        chainId,
        address: lower(c.address),
        name: c.name,
        symbol: c.symbol,
        totalSupply: c.totalSupply,
      })),
    )
    .onConflictDoNothing()
})

ponder.on('Nft:Transfer', async ({ event, context }) => {
  const chainId = context.network.chainId
  const collection = lower(event.log.address)
  const { from, to, tokenId } = event.args
  // The metadata URI once, at mint; the API decodes it and hands it out as untrusted text.
  const tokenUri =
    from === zeroAddress ? await readTokenUri(context.client, event.log.address, tokenId) : null
  await context.db
    .insert(nft)
    .values({ chainId, collection, tokenId, owner: lower(to), tokenUri })
    .onConflictDoUpdate({ owner: lower(to) })
  await context.db
    .update(nftCollection, { chainId, address: collection })
    .set((row) => ({ transferCount: row.transferCount + 1 }))
  const meta = metaOf(chainId, event)
  const nftFields = { nftCollection: collection, nftTokenId: tokenId }
  const amount = '1'
  const id = tokenId.toString()
  if (from === zeroAddress) {
    await foldActivity(context.db, meta, to, 'MINT', {
      ...nftFields,
      change: { token: collection, amount, direction: 'IN', tokenId: id },
    })
    return
  }
  await foldActivity(context.db, meta, from, 'SEND', {
    ...nftFields,
    counterparty: to,
    change: { token: collection, amount, direction: 'OUT', tokenId: id },
  })
  await foldActivity(context.db, meta, to, 'RECEIVE', {
    ...nftFields,
    counterparty: from,
    change: { token: collection, amount, direction: 'IN', tokenId: id },
  })
})

/** Longest tokenURI kept (a data: URI with an inline SVG is a few KB). */
const MAX_TOKEN_URI = 32_768

async function readTokenUri(
  client: Context['client'],
  address: `0x${string}`,
  tokenId: bigint,
): Promise<string | null> {
  try {
    // Read at the head like token metadata (a devnet restored from a dump has no history).
    const uri = await client.readContract({
      abi: erc721Abi,
      address,
      functionName: 'tokenURI',
      args: [tokenId],
      cache: 'immutable',
    })
    return typeof uri === 'string' && uri.length <= MAX_TOKEN_URI ? uri : null
  } catch {
    return null
  }
}
