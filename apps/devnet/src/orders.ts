/**
 * UniswapX order filling on a network that offers limit orders: a funded filler account and the
 * SwapRouter02Executor it fills through (the reactor pays the order's input to the executor, which
 * swaps it through the network's v2/v3 pools via SwapRouter02 and leaves the output for the reactor
 * to pay the swapper). Deployed after the seed, so no other address moves.
 */
import type { NetworkDeployment } from '@oxbow/protocol'
import { concat, encodeAbiParameters, keccak256, parseAbiParameters, toBytes, toHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { loadArtifacts } from './artifacts.ts'
import type { Contracts } from './deploy.ts'
import type { Sender } from './rpc.ts'

/**
 * The devnet filler's key: derived from a fixed label, so it is public like the test accounts'
 * keys and only ever holds devnet funds.
 */
export const FILLER_PRIVATE_KEY = keccak256(toBytes('oxbow:devnet:uniswapx-filler'))
export const FILLER_ADDRESS = privateKeyToAddress(FILLER_PRIVATE_KEY)

export async function deployOrderFilling(
  sender: Sender,
  contracts: Contracts,
): Promise<NonNullable<NetworkDeployment['orders']>> {
  const a = loadArtifacts()
  // Gas money only: the filler needs no token inventory, the executor swaps each order's input.
  await sender.request('anvil_setBalance', [FILLER_ADDRESS, toHex(10n ** 22n)])
  await sender.request('anvil_impersonateAccount', [FILLER_ADDRESS])
  const executor = await sender.deploy(
    FILLER_ADDRESS,
    concat([
      a.swapRouter02Executor,
      encodeAbiParameters(parseAbiParameters('address,address,address,address'), [
        FILLER_ADDRESS,
        contracts.exclusiveDutchOrderReactor,
        FILLER_ADDRESS,
        contracts.swapRouter02,
      ]),
    ]),
    'SwapRouter02Executor',
    3_000_000n,
  )
  await sender.check()
  await sender.request('anvil_stopImpersonatingAccount', [FILLER_ADDRESS])
  return { executor, filler: { address: FILLER_ADDRESS, privateKey: FILLER_PRIVATE_KEY } }
}
