/**
 * Building limit orders and moving the market for the orders suite and benchmark: a signed order
 * ready for POST /v1/orders, the filler's market probe, and a trader who sells WETH for USDC on
 * the pool the filler would use until an order crosses.
 */
import { type DevnetClients, devnetClients } from '@oxbow/devnet'
import {
  erc20Abi,
  type Manifest,
  type NetworkDeployment,
  swapRouter02Abi,
  v2Router02Abi,
  weth9Abi,
} from '@oxbow/protocol'
import { type Address, type Hex, type LocalAccount, maxUint256, parseUnits } from 'viem'
import type { FillableOrder, Route } from '../src/orders/filler.ts'
import {
  buildLimitOrder,
  type LimitOrderParams,
  limitOrderTypedData,
  orderSubmission,
} from '../src/orders/limitOrder.ts'

/** An order's terms as the suites write them (what is left out comes from the deployment). */
export type LimitOrderTerms = Pick<
  LimitOrderParams,
  'nonce' | 'deadline' | 'inputToken' | 'inputAmount' | 'outputToken' | 'outputAmount'
> & {
  /** The swapper named in the order (default: the signer). */
  readonly swapper?: Address
  /** Default: the deployment's exclusive Dutch order reactor. */
  readonly reactor?: Address
  /** Default: the deployment's chain. */
  readonly chainId?: number
}

/** A limit order on `deployment` signed by `signer`: the order, its submission body and hash. */
export async function signedLimitOrder(
  deployment: NetworkDeployment,
  signer: LocalAccount,
  terms: LimitOrderTerms,
) {
  const order = buildLimitOrder({
    chainId: terms.chainId ?? deployment.chainId,
    reactor: terms.reactor ?? deployment.contracts.exclusiveDutchOrderReactor,
    permit2: deployment.contracts.permit2,
    swapper: terms.swapper ?? signer.address,
    nonce: terms.nonce,
    deadline: terms.deadline,
    inputToken: terms.inputToken,
    inputAmount: terms.inputAmount,
    outputToken: terms.outputToken,
    outputAmount: terms.outputAmount,
  })
  const signature = await signer.signTypedData(limitOrderTypedData(order))
  return { order, body: orderSubmission(order, signature), hash: order.hash() as Hex }
}

/** An unsigned order the filler can price: `inputAmount` of `input` for (at least 1 unit of) `output`. */
export function marketProbe(
  deployment: NetworkDeployment,
  input: Address,
  inputAmount: bigint,
  output: Address,
): FillableOrder {
  return {
    orderHash: '0x',
    chainId: deployment.chainId,
    deadline: 0,
    input: { token: input, amount: inputAmount.toString() },
    output: { token: output, amount: '1' },
    encodedOrder: '0x',
    signature: '0x',
  }
}

/**
 * Test account `index` as a WETH seller: wraps 5,000 ETH and lets SwapRouter02 and the v2 router
 * spend its WETH. `sell` then sells `amount` of WETH for `usdc` on the route the filler found.
 */
export async function wethSeller(manifest: Manifest, deployment: NetworkDeployment, index: number) {
  const trader: DevnetClients = devnetClients(manifest, deployment.slug, index)
  const weth = deployment.contracts.weth9
  const me = trader.wallet.account.address
  await trader.public.waitForTransactionReceipt({
    hash: await trader.wallet.writeContract({
      address: weth,
      abi: weth9Abi,
      functionName: 'deposit',
      value: parseUnits('5000', 18),
    }),
  })
  for (const spender of [deployment.contracts.swapRouter02, deployment.contracts.v2Router02]) {
    await trader.public.waitForTransactionReceipt({
      hash: await trader.wallet.writeContract({
        address: weth,
        abi: erc20Abi,
        functionName: 'approve',
        args: [spender, maxUint256],
      }),
    })
  }
  return {
    clients: trader,
    /** Sells `amount` WETH for `usdc` on `route` (a v3 pool or the v2 pair); waits for the receipt. */
    async sell(route: Route, usdc: Address, amount: bigint, deadline: number) {
      const hash =
        route.kind === 'v3'
          ? await trader.wallet.writeContract({
              address: deployment.contracts.swapRouter02,
              abi: swapRouter02Abi,
              functionName: 'exactInputSingle',
              args: [
                {
                  tokenIn: weth,
                  tokenOut: usdc,
                  fee: route.fee,
                  recipient: me,
                  amountIn: amount,
                  amountOutMinimum: 0n,
                  sqrtPriceLimitX96: 0n,
                },
              ],
            })
          : await trader.wallet.writeContract({
              address: deployment.contracts.v2Router02,
              abi: v2Router02Abi,
              functionName: 'swapExactTokensForTokens',
              args: [amount, 0n, [weth, usdc], me, BigInt(deadline)],
            })
      return trader.public.waitForTransactionReceipt({ hash })
    },
  }
}
