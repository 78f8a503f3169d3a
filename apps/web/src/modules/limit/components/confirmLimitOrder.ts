import {
  addPendingTransaction,
  type Hex,
  loadWalletRuntime,
  resolvePendingTransaction,
} from '../../wallet/index.ts'
import { fetchApproval, prepareOrder, submitOrder } from '../services/ordersApi.ts'
import type { PlaceOrderState } from '../services/placeOrder.ts'

type OrderTerms = Parameters<typeof import('../services/placeOrder.ts').placeOrder>[0]

/**
 * Places the reviewed limit order (LimitForm): the Permit2 approval when the token needs one (a
 * transaction, shown as pending), then the order signed and submitted, each step reported through
 * `setPlacing`. The wallet runtime and the placing flow load on demand.
 */
export async function confirmLimitOrder(
  order: { readonly chain: string; readonly account: Hex; readonly terms: OrderTerms },
  setPlacing: (state: PlaceOrderState) => void,
): Promise<PlaceOrderState> {
  const { account, terms } = order
  setPlacing({ step: 'signing' })
  const [wallet, { placeOrder }] = await Promise.all([
    loadWalletRuntime(),
    import('../services/placeOrder.ts'),
  ])
  return placeOrder(
    terms,
    {
      fetchApproval: () =>
        fetchApproval({
          network: order.chain,
          walletAddress: account,
          token: terms.inputToken,
          amount: terms.inputAmount.toString(),
        }),
      prepare: (body) => prepareOrder(body),
      submit: (body) => submitOrder(body),
      wallet: {
        sendTransaction: (request) => wallet.sendTransaction(request),
        waitForTransaction: async (chainId, hash) => {
          const outcome = await wallet.waitForTransaction(chainId, hash)
          resolvePendingTransaction(account, hash, outcome.status)
          return outcome
        },
        signTypedData: (request) => wallet.signTypedData(request),
      },
      onApprovalSent: (hash: Hex) =>
        addPendingTransaction(account, {
          hash,
          chainId: terms.chainId,
          kind: 'approve',
          addedAt: Date.now(),
        }),
    },
    setPlacing,
  )
}
