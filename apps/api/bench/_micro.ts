import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { buildLimitOrder, limitOrderTypedData } from '../src/orders/limitOrder.ts'
import { DutchOrder } from '../src/orders/uniswapx.ts'
import { dutchOrderHashes, permit2Signer } from '../src/orders/orderDigest.ts'
import { getAddress } from 'viem'
const acct = privateKeyToAccount(generatePrivateKey())
const permit2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const order = buildLimitOrder({ chainId: 1, reactor: '0x6000da47483062A0D734Ba3dc7576Ce6A0B645C4', permit2, swapper: acct.address, nonce: 5n, deadline: 2000000000, inputToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', inputAmount: 10n**7n, outputToken: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', outputAmount: 10n**16n })
const sig = await acct.signTypedData(limitOrderTypedData(order))
const enc = order.serialize()
const N = 500
let t = performance.now()
for (let i = 0; i < N; i++) DutchOrder.parse(enc, 1, permit2)
console.log('parse', ((performance.now() - t) / N).toFixed(3), 'ms')
const o = DutchOrder.parse(enc, 1, permit2)
t = performance.now()
let h
for (let i = 0; i < N; i++) h = dutchOrderHashes(o, 1, permit2)
console.log('hashes', ((performance.now() - t) / N).toFixed(3), 'ms')
await permit2Signer(h!.permitDigest, sig)
t = performance.now()
for (let i = 0; i < N; i++) await permit2Signer(h!.permitDigest, sig)
console.log('recover', ((performance.now() - t) / N).toFixed(3), 'ms')
t = performance.now()
for (let i = 0; i < N; i++) getAddress(acct.address.toLowerCase())
console.log('getAddress', ((performance.now() - t) / N).toFixed(3), 'ms')
