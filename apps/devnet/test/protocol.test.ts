/**
 * The whole devnet (every registry network) against the real protocol: chain ids, code at every
 * manifest address, Permit2's domain, swaps through the Universal Router with Permit2 signatures
 * matching on-chain quotes, a UniswapX order fill, the special tokens and NFT metadata.
 */

import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { after, before, describe, test } from 'node:test'
import { type NetworkSlug, networks } from '@oxbow/chains'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import {
  byteString,
  erc20Abi,
  erc721Abi,
  exclusiveDutchOrderReactorAbi,
  type Manifest,
  type NetworkDeployment,
  PERMIT2_ADDRESS,
  type PoolKey,
  permit2Abi,
  permit2Domain,
  permit2PermitInput,
  permitSingleTypedData,
  quoterV2Abi,
  universalRouterAbi,
  urCommands,
  v2Router02Abi,
  v2SwapInput,
  v3Path,
  v3SwapInput,
  v4ExactInSingleSwap,
  v4QuoterAbi,
} from '@oxbow/protocol'
import {
  type Address,
  decodeEventLog,
  getContractAddress,
  type Hex,
  hashDomain,
  maxUint256,
  parseAbi,
  parseUnits,
} from 'viem'
import { DEPLOYER } from '../src/deploy.ts'
import { devnetClients, revert, snapshot, startDevnet, startSimulator } from '../src/index.ts'
import { deploymentOf, TEST_PORT_BASE, tokenOf } from './fixtures.ts'

let manifest: Manifest
let stop: () => Promise<void>

before(async () => {
  const devnet = await startDevnet({ portBase: TEST_PORT_BASE, log: (line) => console.log(`# ${line}`) })
  manifest = devnet.manifest
  stop = devnet.stop
})
after(async () => {
  await stop?.()
})

async function withSnapshot<T>(deployment: NetworkDeployment, body: () => Promise<T>): Promise<T> {
  const id = await snapshot(deployment.rpcUrl)
  try {
    return await body()
  } finally {
    await revert(deployment.rpcUrl, id)
  }
}

describe('every network', () => {
  test('behavior: answers with its registry chain id', async () => {
    assert.equal(Object.keys(manifest.networks).length, networks.length)
    for (const network of networks) {
      const { public: client } = devnetClients(manifest, network.slug)
      assert.equal(await client.getChainId(), network.local.chainId, network.slug)
    }
  })

  test('behavior: every contract, token, pool, hook and collection has code', async () => {
    for (const network of networks) {
      const deployment = deploymentOf(manifest, network.slug)
      const { public: client } = devnetClients(manifest, network.slug)
      const addresses: [string, Address][] = [
        ...Object.entries(deployment.contracts),
        ...Object.entries(deployment.hooks),
        ...deployment.tokens.map((t) => [t.symbol, t.address] as [string, Address]),
        ...deployment.nftCollections.map((c) => [c.symbol, c.address] as [string, Address]),
        ...deployment.pools.flatMap((p) =>
          p.version === 'v4' ? [] : [[`pool ${p.address}`, p.address] as [string, Address]],
        ),
      ]
      const codes = await Promise.all(addresses.map(([, address]) => client.getCode({ address })))
      for (const [i, [name]] of addresses.entries()) {
        assert.ok((codes[i]?.length ?? 0) > 2, `${network.slug}: no code for ${name}`)
      }
    }
  })

  test("behavior: Permit2's domain separator is the canonical one for the chain", async () => {
    for (const network of networks) {
      const { public: client } = devnetClients(manifest, network.slug)
      const separator = await client.readContract({
        address: PERMIT2_ADDRESS,
        abi: permit2Abi,
        functionName: 'DOMAIN_SEPARATOR',
      })
      const expected = hashDomain({
        domain: { ...permit2Domain(network.local.chainId), chainId: BigInt(network.local.chainId) },
        types: {
          EIP712Domain: [
            { name: 'name', type: 'string' },
            { name: 'chainId', type: 'uint256' },
            { name: 'verifyingContract', type: 'address' },
          ],
        },
      })
      assert.equal(separator, expected, network.slug)
    }
  })

  test('behavior: 30 days of backdated history ending near now', async () => {
    for (const slug of ['ethereum', 'celo'] as const) {
      const { public: client } = devnetClients(manifest, slug)
      const first = await client.getBlock({ blockNumber: 1n })
      const latest = await client.getBlock()
      const now = BigInt(Math.floor(Date.now() / 1000))
      assert.ok(
        now - first.timestamp >= 30n * 86_400n,
        `${slug}: history starts ${now - first.timestamp}s ago`,
      )
      assert.ok(latest.number > 300n, `${slug}: only ${latest.number} blocks`)
      const swaps = await client.getLogs({
        fromBlock: 0n,
        toBlock: 'latest',
        event: parseAbi([
          'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
        ])[0],
      })
      assert.ok(swaps.length >= 20, `${slug}: ${swaps.length} v3 swaps`)
    }
  })
})

/** Swaps `amountIn` of USDC through the Universal Router with a Permit2 signature. */
async function permit2Swap(
  slug: NetworkSlug,
  accountIndex: number,
  tokenIn: Address,
  amountIn: bigint,
  command: number,
  input: (recipient: Address) => Hex,
): Promise<void> {
  const deployment = deploymentOf(manifest, slug)
  const { public: client, wallet } = devnetClients(manifest, slug, accountIndex)
  const owner = wallet.account.address
  const [, , nonce] = await client.readContract({
    address: PERMIT2_ADDRESS,
    abi: permit2Abi,
    functionName: 'allowance',
    args: [owner, tokenIn, deployment.contracts.universalRouter],
  })
  const deadline = (await client.getBlock()).timestamp + 3600n
  const permit = {
    details: { token: tokenIn, amount: amountIn, expiration: Number(deadline), nonce },
    spender: deployment.contracts.universalRouter,
    sigDeadline: deadline,
  }
  const signature = await wallet.signTypedData(permitSingleTypedData(deployment.chainId, permit))
  const permitInput = permit2PermitInput(permit, signature)
  const hash = await wallet.writeContract({
    address: deployment.contracts.universalRouter,
    abi: universalRouterAbi,
    functionName: 'execute',
    args: [byteString([urCommands.PERMIT2_PERMIT, command]), [permitInput, input(owner)], deadline],
    gas: 1_000_000n,
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  assert.equal(receipt.status, 'success')
}

async function approvePermit2(slug: NetworkSlug, accountIndex: number, token: Address): Promise<void> {
  const { public: client, wallet } = devnetClients(manifest, slug, accountIndex)
  const hash = await wallet.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [PERMIT2_ADDRESS, maxUint256],
  })
  await client.waitForTransactionReceipt({ hash })
}

async function balanceOf(slug: NetworkSlug, token: Address, owner: Address): Promise<bigint> {
  const { public: client } = devnetClients(manifest, slug)
  return client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

for (const slug of ['ethereum', 'base', 'arbitrum'] as const) {
  describe(`Universal Router swaps with a Permit2 signature on ${slug}`, () => {
    const account = 3
    const amountIn = parseUnits('1000', 6)

    test('behavior: v2 pool delivers exactly the Router02 quote', async () => {
      const d = deploymentOf(manifest, slug)
      await withSnapshot(d, async () => {
        const usdc = tokenOf(d, 'USDC', 'stablecoin').address
        const weth = d.contracts.weth9
        const { public: client, wallet } = devnetClients(manifest, slug, account)
        const [, quoted] = await client.readContract({
          address: d.contracts.v2Router02,
          abi: v2Router02Abi,
          functionName: 'getAmountsOut',
          args: [amountIn, [usdc, weth]],
        })
        assert.ok(quoted !== undefined && quoted > 0n)
        await approvePermit2(slug, account, usdc)
        const before = await balanceOf(slug, weth, wallet.account.address)
        await permit2Swap(slug, account, usdc, amountIn, urCommands.V2_SWAP_EXACT_IN, (recipient) =>
          v2SwapInput({ recipient, amount: amountIn, limit: quoted, path: [usdc, weth], payerIsUser: true }),
        )
        assert.equal((await balanceOf(slug, weth, wallet.account.address)) - before, quoted)
      })
    })

    test('behavior: v3 pool delivers exactly the QuoterV2 quote', async () => {
      const d = deploymentOf(manifest, slug)
      await withSnapshot(d, async () => {
        const usdc = tokenOf(d, 'USDC', 'stablecoin').address
        const weth = d.contracts.weth9
        const { public: client, wallet } = devnetClients(manifest, slug, account)
        const { result } = await client.simulateContract({
          address: d.contracts.quoterV2,
          abi: quoterV2Abi,
          functionName: 'quoteExactInputSingle',
          args: [{ tokenIn: usdc, tokenOut: weth, amountIn, fee: 500, sqrtPriceLimitX96: 0n }],
        })
        const quoted = result[0]
        assert.ok(quoted > 0n)
        await approvePermit2(slug, account, usdc)
        const before = await balanceOf(slug, weth, wallet.account.address)
        await permit2Swap(slug, account, usdc, amountIn, urCommands.V3_SWAP_EXACT_IN, (recipient) =>
          v3SwapInput({
            recipient,
            amount: amountIn,
            limit: quoted,
            path: v3Path([usdc, weth], [500]),
            payerIsUser: true,
          }),
        )
        assert.equal((await balanceOf(slug, weth, wallet.account.address)) - before, quoted)
      })
    })

    test('behavior: v4 pools (plain, and dynamic-fee with hook) deliver exactly the V4Quoter quote', async () => {
      const d = deploymentOf(manifest, slug)
      await withSnapshot(d, async () => {
        const usdc = tokenOf(d, 'USDC', 'stablecoin').address
        const uni = tokenOf(d, 'UNI').address
        const usdt = tokenOf(d, 'USDT').address
        const hook = d.hooks.OxbowHook as Address
        const pools = d.pools.filter(
          (p) =>
            p.version === 'v4' &&
            ((p.currency0 === usdc && (p.currency1 === uni || p.currency1 === usdt)) ||
              (p.currency1 === usdc && (p.currency0 === uni || p.currency0 === usdt))),
        )
        assert.equal(pools.length, 2)
        assert.ok(pools.some((p) => p.version === 'v4' && p.hooks === hook && p.fee === 0x800000))
        const { public: client, wallet } = devnetClients(manifest, slug, account)
        await approvePermit2(slug, account, usdc)
        for (const pool of pools) {
          if (pool.version !== 'v4') continue
          const key: PoolKey = {
            currency0: pool.currency0,
            currency1: pool.currency1,
            fee: pool.fee,
            tickSpacing: pool.tickSpacing,
            hooks: pool.hooks,
          }
          const zeroForOne = key.currency0 === usdc
          const output = zeroForOne ? key.currency1 : key.currency0
          const { result } = await client.simulateContract({
            address: d.contracts.v4Quoter,
            abi: v4QuoterAbi,
            functionName: 'quoteExactInputSingle',
            args: [{ poolKey: key, zeroForOne, exactAmount: amountIn, hookData: '0x' }],
          })
          const quoted = result[0]
          assert.ok(quoted > 0n)
          const before = await balanceOf(slug, output, wallet.account.address)
          await permit2Swap(slug, account, usdc, amountIn, urCommands.V4_SWAP, () =>
            v4ExactInSingleSwap({ poolKey: key, zeroForOne, amountIn, amountOutMinimum: quoted }),
          )
          assert.equal(
            (await balanceOf(slug, output, wallet.account.address)) - before,
            quoted,
            `${pool.poolId}`,
          )
        }
      })
    })
  })
}

describe('UniswapX', () => {
  test('behavior: a limit order signed by a test account is filled by the ExclusiveDutchOrderReactor', async () => {
    const slug = 'ethereum'
    const d = deploymentOf(manifest, slug)
    await withSnapshot(d, async () => {
      const require = createRequire(import.meta.url)
      const sdk = require('@uniswap/uniswapx-sdk') as typeof import('@uniswap/uniswapx-sdk')
      const { BigNumber } = createRequire(require.resolve('@uniswap/uniswapx-sdk'))(
        'ethers',
      ) as typeof import('ethers')
      const usdc = tokenOf(d, 'USDC', 'stablecoin').address
      const weth = d.contracts.weth9
      const swapper = devnetClients(manifest, slug, 4)
      const filler = devnetClients(manifest, slug, 5)
      const input = parseUnits('1000', 6)
      const output = parseUnits('0.25', 18)
      await approvePermit2(slug, 4, usdc)
      const approve = await filler.wallet.writeContract({
        address: weth,
        abi: erc20Abi,
        functionName: 'approve',
        args: [d.contracts.exclusiveDutchOrderReactor, maxUint256],
      })
      await filler.public.waitForTransactionReceipt({ hash: approve })

      const now = Number((await swapper.public.getBlock()).timestamp)
      // The SDK wants the deadline ahead of the wall clock, the reactor ahead of the block time;
      // after snapshot reverts the devnet's clock can lag the wall clock, so take the later one.
      const deadline = Math.max(now, Math.floor(Date.now() / 1000)) + 600
      const order = new sdk.DutchOrderBuilder(
        d.chainId,
        d.contracts.exclusiveDutchOrderReactor,
        PERMIT2_ADDRESS,
      )
        .deadline(deadline)
        .decayStartTime(now)
        .decayEndTime(now + 600)
        .nonce(BigNumber.from(77))
        .swapper(swapper.wallet.account.address)
        .input({ token: usdc, startAmount: BigNumber.from(input), endAmount: BigNumber.from(input) })
        .output({
          token: weth,
          startAmount: BigNumber.from(output),
          endAmount: BigNumber.from(output),
          recipient: swapper.wallet.account.address,
        })
        .build()
      const { domain, types, values } = order.permitData()
      const toBigInts = (value: unknown): unknown => {
        if (BigNumber.isBigNumber(value)) return BigInt(value.toString())
        if (Array.isArray(value)) return value.map(toBigInts)
        if (value && typeof value === 'object') {
          return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toBigInts(v)]))
        }
        return value
      }
      const signature = await swapper.wallet.signTypedData({
        domain: {
          name: domain.name as string,
          chainId: d.chainId,
          verifyingContract: domain.verifyingContract as Address,
        },
        types: types as Record<string, { name: string; type: string }[]>,
        primaryType: 'PermitWitnessTransferFrom',
        message: toBigInts(values) as Record<string, unknown>,
      })
      const usdcBefore = await balanceOf(slug, usdc, swapper.wallet.account.address)
      const wethBefore = await balanceOf(slug, weth, swapper.wallet.account.address)
      const hash = await filler.wallet.writeContract({
        address: d.contracts.exclusiveDutchOrderReactor,
        abi: exclusiveDutchOrderReactorAbi,
        functionName: 'execute',
        args: [{ order: order.serialize() as Hex, sig: signature }],
        gas: 1_000_000n,
      })
      const receipt = await filler.public.waitForTransactionReceipt({ hash })
      assert.equal(receipt.status, 'success')
      const fill = receipt.logs
        .map((log) => {
          try {
            return decodeEventLog({ abi: exclusiveDutchOrderReactorAbi, data: log.data, topics: log.topics })
          } catch {
            return null
          }
        })
        .find((event) => event?.eventName === 'Fill')
      assert.ok(fill, 'Fill event')
      assert.equal(usdcBefore - (await balanceOf(slug, usdc, swapper.wallet.account.address)), input)
      assert.equal((await balanceOf(slug, weth, swapper.wallet.account.address)) - wethBefore, output)
    })
  })
})

describe('special tokens and collections', () => {
  const slug = 'base'

  test('behavior: the fee-on-transfer token takes its fee on every transfer', async () => {
    const d = deploymentOf(manifest, slug)
    await withSnapshot(d, async () => {
      const fot = d.tokens.find((t) => t.kind === 'fee-on-transfer')
      assert.ok(fot && fot.transferFeeBps === 300 && fot.safety !== 'verified')
      const sender = devnetClients(manifest, slug, 6)
      const to = devnetClients(manifest, slug, 7).wallet.account.address
      const amount = parseUnits('1000', fot.decimals)
      const before = await balanceOf(slug, fot.address, to)
      const hash = await sender.wallet.writeContract({
        address: fot.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [to, amount],
      })
      await sender.public.waitForTransactionReceipt({ hash })
      assert.equal((await balanceOf(slug, fot.address, to)) - before, (amount * 9_700n) / 10_000n)
    })
  })

  test('behavior: the honeypot can be bought but not sold or transferred', async () => {
    const d = deploymentOf(manifest, slug)
    await withSnapshot(d, async () => {
      const honey = d.tokens.find((t) => t.kind === 'honeypot')
      assert.ok(honey && honey.safety === 'honeypot')
      const weth = d.contracts.weth9
      const buyer = devnetClients(manifest, slug, 6)
      const me = buyer.wallet.account.address
      for (const token of [weth, honey.address]) {
        await approvePermit2(slug, 6, token)
        const hash = await buyer.wallet.writeContract({
          address: PERMIT2_ADDRESS,
          abi: permit2Abi,
          functionName: 'approve',
          args: [token, d.contracts.universalRouter, 2n ** 160n - 1n, 2 ** 47],
        })
        await buyer.public.waitForTransactionReceipt({ hash })
      }
      const execute = (tokenIn: Address, tokenOut: Address, amountIn: bigint) =>
        ({
          address: d.contracts.universalRouter,
          abi: universalRouterAbi,
          functionName: 'execute',
          args: [
            byteString([urCommands.V2_SWAP_EXACT_IN]),
            [
              v2SwapInput({
                recipient: me,
                amount: amountIn,
                limit: 1n,
                path: [tokenIn, tokenOut],
                payerIsUser: true,
              }),
            ],
            2n ** 40n,
          ],
          gas: 1_000_000n,
        }) as const
      const before = await balanceOf(slug, honey.address, me)
      const hash = await buyer.wallet.writeContract(execute(weth, honey.address, parseUnits('0.1', 18)))
      assert.equal((await buyer.public.waitForTransactionReceipt({ hash })).status, 'success')
      const bought = (await balanceOf(slug, honey.address, me)) - before
      assert.ok(bought > 0n, 'bought some')
      await assert.rejects(
        buyer.public.simulateContract({ account: me, ...execute(honey.address, weth, bought) }),
      )
      await assert.rejects(
        buyer.public.simulateContract({
          account: me,
          address: honey.address,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [devnetClients(manifest, slug, 7).wallet.account.address, 1n],
        }),
        /TRANSFER_FROM_FAILED/,
      )
    })
  })

  test('behavior: spam and impersonator tokens are marked; collections serve data: JSON metadata', async () => {
    const d = deploymentOf(manifest, slug)
    assert.ok(d.tokens.some((t) => t.kind === 'spam' && t.safety === 'spam'))
    const fake = d.tokens.find((t) => t.kind === 'impersonator')
    assert.equal(fake?.symbol, 'USDC')
    assert.equal(fake?.safety, 'impersonator')
    assert.equal(d.nftCollections.length, 2)
    const { public: client } = devnetClients(manifest, slug)
    for (const collection of d.nftCollections) {
      const uri = await client.readContract({
        address: collection.address,
        abi: erc721Abi,
        functionName: 'tokenURI',
        args: [1n],
      })
      assert.match(uri, /^data:application\/json;base64,/)
      const json = JSON.parse(Buffer.from(uri.slice(uri.indexOf(',') + 1), 'base64').toString('utf8'))
      assert.equal(json.name, `${collection.name} #1`)
      assert.match(json.image, /^data:image\/svg\+xml;base64,/)
      const supply = await client.readContract({
        address: collection.address,
        abi: erc721Abi,
        functionName: 'totalSupply',
      })
      assert.equal(supply, BigInt(collection.totalSupply))
    }
  })

  test('behavior: ethereum alone has a blocked and a malicious token, deployed last (no pools); well-known tokens carry our logos, impersonators none', async () => {
    const eth = deploymentOf(manifest, 'ethereum')
    const [blocked, malicious] = eth.tokens.slice(-2)
    assert.deepEqual(
      [blocked?.symbol, blocked?.safety, malicious?.symbol, malicious?.safety],
      ['BLKD', 'blocked', 'DRAIN', 'malicious'],
    )
    const { public: client } = devnetClients(manifest, 'ethereum')
    // Deployed after everything else: the deployer's last two creations.
    const nonce = await client.getTransactionCount({ address: DEPLOYER })
    assert.equal(blocked?.address, getContractAddress({ from: DEPLOYER, nonce: BigInt(nonce - 2) }))
    assert.equal(malicious?.address, getContractAddress({ from: DEPLOYER, nonce: BigInt(nonce - 1) }))
    for (const flagged of [blocked, malicious]) {
      assert.ok(
        !eth.pools.some((p) =>
          (p.version === 'v4' ? [p.currency0, p.currency1] : [p.token0, p.token1]).includes(
            flagged?.address ?? '0x',
          ),
        ),
      )
    }
    assert.ok(
      !deploymentOf(manifest, 'base').tokens.some((t) => t.safety === 'blocked' || t.safety === 'malicious'),
    )
    assert.equal(tokenOf(eth, 'USDC', 'stablecoin').logoURI, '/token-logos/usdc.svg')
    assert.equal(tokenOf(eth, 'WETH').logoURI, '/token-logos/eth.svg')
    assert.equal(tokenOf(eth, 'USDC', 'impersonator').logoURI, undefined)
  })

  test('behavior: test accounts hold native currency and every token', async () => {
    const d = deploymentOf(manifest, 'polygon')
    const { public: client } = devnetClients(manifest, 'polygon')
    for (const account of manifest.accounts) {
      assert.ok((await client.getBalance({ address: account.address })) > 0n)
      for (const token of d.tokens) {
        const balance = await client.readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [account.address],
        })
        assert.ok(balance > 0n, `${account.address} holds no ${token.symbol}`)
      }
    }
    assert.ok(d.pools.some((p) => p.version === 'v4' && p.currency0 === NATIVE_CURRENCY_ADDRESS))
    for (const fee of [100, 500, 3000, 10000]) {
      assert.ok(
        d.pools.some((p) => p.version === 'v3' && p.fee === fee),
        `v3 fee tier ${fee}`,
      )
    }
  })
})

describe('market simulator', () => {
  test('behavior: keeps trading at a steady pace and stops cleanly', async () => {
    const d = deploymentOf(manifest, 'zora')
    await withSnapshot(d, async () => {
      const { public: client } = devnetClients(manifest, 'zora')
      const start = await client.getBlockNumber()
      const errors: string[] = []
      const simulator = await startSimulator(
        { ...manifest, networks: { zora: d } },
        {
          intervalMs: 100,
          log: (line) => {
            if (!line.startsWith('simulator:')) errors.push(line)
          },
        },
      )
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await simulator.stop()
      const end = await client.getBlockNumber()
      assert.deepEqual(errors, [])
      assert.ok(end - start >= 5n, `only ${end - start} blocks`)
      const blocks = await Promise.all(
        Array.from({ length: Number(end - start) }, (_, i) =>
          client.getBlock({ blockNumber: start + 1n + BigInt(i) }),
        ),
      )
      const hashes = blocks.flatMap((block) => block.transactions)
      const receipts = await Promise.all(hashes.map((hash) => client.getTransactionReceipt({ hash })))
      assert.ok(
        receipts.every(
          (receipt) =>
            receipt.status === 'success' && receipt.to === d.contracts.universalRouter.toLowerCase(),
        ),
      )
    })
  })
})
