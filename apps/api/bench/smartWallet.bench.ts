/**
 * `npm run bench:identity` (the smart-wallet part; the root script then runs the web app's
 * `bench:passkey`, passkey sign-in to connected in Chromium): the gas of a batched approve + Permit2 approve + swap, one EIP-7702 executeBatch
 * transaction, against the classic flow (approve, then a swap carrying the Permit2 signature) for
 * the same trades from fresh accounts on the devnet (ethereum, port base 25900), each pair from
 * the same chain state. The spec's claim is
 * "saves up to 50 % on network costs".
 */
import { devnetClients, revert, snapshot, testAccounts } from '@oxbow/devnet'
import { classicSwap, type Json, seededToken, startTradingKit } from '../test/kit.ts'

const slug = 'ethereum'
const kit = await startTradingKit({ portBase: 25900, slug })
const { deployment: d, trading } = kit
const post = async (path: string, body: unknown): Promise<Json> => (await kit.post(path, body)).json
const tokenOf = (symbol: string) => seededToken(d, symbol)

async function batched(account: number, body: Record<string, unknown>): Promise<bigint> {
  const { public: client, wallet } = devnetClients(kit.manifest, slug, account)
  const authorization = await wallet.signAuthorization({
    contractAddress: d.contracts.simple7702Account,
    executor: 'self',
  })
  // As the local test wallet does on the first batch: the authorization rides in the batch itself.
  const res = await post('/swap', { ...body, swapper: wallet.account.address, batch: true })
  if (res.status !== 'READY') throw new Error(JSON.stringify(res).slice(0, 300))
  const { encodeFunctionData } = await import('viem')
  const { simple7702AccountAbi } = await import('@oxbow/protocol')
  const calls = res.batch.calls.map((c: Json) => ({ target: c.to, value: BigInt(c.value), data: c.data }))
  const hash = await wallet.sendTransaction({
    to: wallet.account.address,
    data: encodeFunctionData({ abi: simple7702AccountAbi, functionName: 'executeBatch', args: [calls] }),
    authorizationList: [authorization],
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  if (receipt.status !== 'success') throw new Error('batch reverted')
  return receipt.gasUsed
}

const trades = [
  { label: '10 USDC -> ETH', tokenIn: tokenOf('USDC').address, tokenOut: 'ETH', amount: '10000000' },
  {
    label: '1000 DAI -> USDC',
    tokenIn: tokenOf('DAI').address,
    tokenOut: tokenOf('USDC').address,
    amount: (1000n * 10n ** 18n).toString(),
  },
  { label: '0.05 WBTC -> ETH', tokenIn: tokenOf('WBTC').address, tokenOut: 'ETH', amount: '5000000' },
]
console.log('smart wallet: first swap of an ERC-20 from a fresh account (approve + Permit2 + swap)')
let account = 4
for (const trade of trades) {
  const body = {
    network: slug,
    tokenIn: trade.tokenIn,
    tokenOut: trade.tokenOut,
    amount: trade.amount,
    type: 'EXACT_INPUT',
    slippage: 1,
  }
  if (account + 1 >= testAccounts.length) break
  // Both from the same chain state: the second must not trade against the first one's price move.
  const id = await snapshot(d.rpcUrl)
  const b = await batched(account, body)
  await revert(d.rpcUrl, id)
  await trading.service.refresh()
  const c = (await classicSwap(kit, account + 1, body)).gasUsed
  account += 2
  const saved = 100 - (Number(b) * 100) / Number(c)
  console.log(
    `${trade.label.padEnd(18)} batched ${b.toString().padStart(7)} gas (1 tx, incl. the 7702 authorization)   classic ${c.toString().padStart(7)} gas (2 tx)   saved ${saved.toFixed(1)} %`,
  )
}
await kit.stop()
