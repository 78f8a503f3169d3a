/**
 * The order intake's chain reads (src/orders/chainReads.ts) against the real devnet (ethereum, port
 * base 26700), every JSON-RPC request counted at the transport: one block's reads of a swapper are
 * made once and shared, a new block drops them (a transfer or a cancel is seen by the next
 * submission), and a block asked when a submission arrived is never answered older than that.
 */
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { devnetClients, startDevnet } from '@oxbow/devnet'
import { erc20Abi, type Manifest, type NetworkDeployment, permit2Abi } from '@oxbow/protocol'
import { type Address, createPublicClient, maxUint256, type PublicClient, parseUnits } from 'viem'
import { createChainReads } from '../src/orders/chainReads.ts'
import { nodeRpcTransport } from '../src/orders/rpcTransport.ts'

const PORT_BASE = 26700
let manifest: Manifest
let eth: NetworkDeployment
let stopDevnet: () => Promise<void>
/** JSON-RPC methods the reads' client sent, in order (a batch counts each of its calls). */
const sent: string[] = []
let client: PublicClient

before(async () => {
  const devnet = await startDevnet({ networks: ['ethereum'], portBase: PORT_BASE })
  manifest = devnet.manifest
  stopDevnet = devnet.stop
  eth = manifest.networks.ethereum as NetworkDeployment
  // as the order service builds it (service.ts), with every request recorded
  client = createPublicClient({
    transport: nodeRpcTransport(eth.rpcUrl, { onRequest: (methods) => sent.push(...methods) }),
  }) as PublicClient
})
after(async () => {
  await stopDevnet?.()
})

const usdc = () => eth.tokens.find((t) => t.symbol === 'USDC')?.address as Address
const calls = () => sent.filter((m) => m === 'eth_call').length
const swapper = () => devnetClients(manifest, 'ethereum', 3)

/** The swapper's balance, allowance and nonce word as the chain answers them now. */
async function onChain(who: Address, nonce: bigint) {
  const { public: chain } = swapper()
  const [balance, allowance, bitmap] = await Promise.all([
    chain.readContract({ address: usdc(), abi: erc20Abi, functionName: 'balanceOf', args: [who] }),
    chain.readContract({
      address: usdc(),
      abi: erc20Abi,
      functionName: 'allowance',
      args: [who, eth.contracts.permit2],
    }),
    chain.readContract({
      address: eth.contracts.permit2,
      abi: permit2Abi,
      functionName: 'nonceBitmap',
      args: [who, nonce >> 8n],
    }),
  ])
  return { bitmap, balance, allowance }
}

test('behavior: one block, twenty submissions of a swapper: three eth_calls, the chain state', async () => {
  const reads = createChainReads(client, eth.contracts.permit2)
  const who = swapper().wallet.account.address
  const before = calls()
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => reads.read(who, usdc(), 5000n + BigInt(i), reads.newestBlock())),
  )
  assert.equal(calls() - before, 3, 'the nonce word, the balance and the allowance, once each')
  const expected = await onChain(who, 5000n)
  for (const answer of answers) assert.deepEqual(answer, expected)
  // the same block, asked again: no eth_call
  await reads.read(who, usdc(), 5001n)
  assert.equal(calls() - before, 3)
})

test('behavior: a new block drops the cached reads (a transfer and a cancel are seen)', async () => {
  const reads = createChainReads(client, eth.contracts.permit2)
  const { wallet, public: chain } = swapper()
  const who = wallet.account.address
  const nonce = 7000n
  const first = await reads.read(who, usdc(), nonce)
  assert.equal((first.bitmap >> (nonce & 0xffn)) & 1n, 0n, 'the nonce is unused')

  // another block: the swapper sends USDC away, approves Permit2 for less and cancels the nonce
  const funder = devnetClients(manifest, 'ethereum', 0)
  await chain.waitForTransactionReceipt({
    hash: await funder.wallet.writeContract({
      address: usdc(),
      abi: erc20Abi,
      functionName: 'transfer',
      args: [who, parseUnits('5', 6)],
    }),
  })
  await chain.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: usdc(),
      abi: erc20Abi,
      functionName: 'approve',
      args: [eth.contracts.permit2, 1234n],
    }),
  })
  await chain.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: eth.contracts.permit2,
      abi: permit2Abi,
      functionName: 'invalidateUnorderedNonces',
      args: [nonce >> 8n, 1n << (nonce & 0xffn)],
    }),
  })
  const second = await reads.read(who, usdc(), nonce)
  assert.equal(second.balance, first.balance + parseUnits('5', 6))
  assert.equal(second.allowance, 1234n)
  assert.equal((second.bitmap >> (nonce & 0xffn)) & 1n, 1n, 'the cancel is seen: the nonce is used')
  assert.deepEqual(second, await onChain(who, nonce))
  await chain.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: usdc(),
      abi: erc20Abi,
      functionName: 'approve',
      args: [eth.contracts.permit2, maxUint256],
    }),
  })
})

test('behavior: a block asked on arrival, answered after a newer block was read: the newer state, no extra reads', async () => {
  const reads = createChainReads(client, eth.contracts.permit2)
  const { wallet, public: chain } = swapper()
  const who = wallet.account.address
  const funder = devnetClients(manifest, 'ethereum', 0)
  // a submission arrives and asks for the newest block
  const arrived = reads.newestBlock()
  const arrivedAt = await arrived
  // a block later, another submission of the swapper is read first
  await chain.waitForTransactionReceipt({
    hash: await funder.wallet.writeContract({
      address: usdc(),
      abi: erc20Abi,
      functionName: 'transfer',
      args: [who, 1n],
    }),
  })
  const later = await reads.read(who, usdc(), 9000n)
  assert.ok((await chain.getBlockNumber()) > arrivedAt)
  const before = calls()
  // the first submission's reads: the newer block's state (never older than its arrival), shared
  const answer = await reads.read(who, usdc(), 9001n, arrived)
  assert.deepEqual(answer, later)
  assert.equal(calls() - before, 0)
  assert.deepEqual(answer, await onChain(who, 9001n))
})

test('behavior: submissions arriving while eth_blockNumber is in flight share the next one', async () => {
  const reads = createChainReads(client, eth.contracts.permit2)
  const blockNumbers = () => sent.filter((m) => m === 'eth_blockNumber').length
  const before = blockNumbers()
  const first = reads.newestBlock()
  // fifty arrivals while the first is in flight: one more request, asked after they arrived
  const rest = Array.from({ length: 50 }, () => reads.newestBlock())
  await Promise.all([first, ...rest])
  assert.equal(blockNumbers() - before, 2)
  assert.ok(rest.every((p) => p === rest[0]))
})

test("the reads' transport: calls of one turn in one batch, the node's errors, a dead endpoint", async () => {
  const requests: string[][] = []
  const batched = createPublicClient({
    transport: nodeRpcTransport(eth.rpcUrl, { onRequest: (methods) => requests.push([...methods]) }),
  })
  const [block, chainId] = await Promise.all([batched.getBlockNumber({ cacheTime: 0 }), batched.getChainId()])
  assert.equal(chainId, eth.chainId)
  assert.ok(block > 0n)
  assert.deepEqual(requests, [['eth_blockNumber', 'eth_chainId']])
  // an error the node answers keeps its JSON-RPC code (anvil: -32601, method not found)
  await assert.rejects(
    batched.request({ method: 'eth_noSuchMethod' } as never),
    (error: { code?: number }) => error.code === -32601,
  )
  const dead = createPublicClient({ transport: nodeRpcTransport('http://127.0.0.1:1', { timeoutMs: 2000 }) })
  await assert.rejects(dead.getBlockNumber())
})
