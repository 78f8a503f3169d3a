import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { getNetwork } from '@oxbow/chains'
import { type Devnet, startDevnet } from '@oxbow/devnet'
import {
  connect,
  createConfig,
  disconnect,
  getBalance,
  getConnection,
  http,
  sendTransaction,
  signMessage,
  waitForTransactionReceipt,
} from '@wagmi/core'
import { defineChain, parseEther, verifyMessage } from 'viem'
import { LOCAL_WALLET_ID, localWallet } from './localWallet.ts'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

// Port base 23200: its own range, apart from the web e2e devnet (23100).
let devnet: Devnet
before(async () => {
  devnet = await startDevnet({ networks: ['ethereum'], portBase: 23200 })
})
after(async () => {
  await devnet?.stop()
})

/** The devnet's ethereum network as a viem chain, and its RPC URL. */
function devnetChain() {
  const network = getNetwork('ethereum')
  const rpcUrl = devnet.manifest.networks.ethereum?.rpcUrl
  assert.ok(rpcUrl)
  const chain = defineChain({
    id: network.local.chainId,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  return { chain, rpcUrl }
}

/** A wagmi config with the local wallet as its only connector (asking for `requested`, if given). */
function localWalletConfig(
  chain: ReturnType<typeof devnetChain>['chain'],
  rpcUrl: string,
  requested?: Parameters<typeof localWallet>[1],
) {
  const config = createConfig({
    chains: [chain],
    connectors: [localWallet(new Map([[chain.id, rpcUrl]]), requested)],
    transports: { [chain.id]: http(rpcUrl) },
    storage: null,
    multiInjectedProviderDiscovery: false,
  })
  const connector = config.connectors.find((candidate) => candidate.id === LOCAL_WALLET_ID)
  assert.ok(connector)
  return { config, connector }
}

test('the local test wallet signs in the page and sends a real transaction on the devnet', async () => {
  const { chain, rpcUrl } = devnetChain()
  const { config, connector } = localWalletConfig(chain, rpcUrl)
  const result = await connect(config, { connector, chainId: chain.id })
  assert.deepEqual(result.accounts, [ACCOUNT_0])
  assert.equal(getConnection(config).address, ACCOUNT_0)

  const signature = await signMessage(config, { message: 'oxbow' })
  assert.ok(await verifyMessage({ address: ACCOUNT_0, message: 'oxbow', signature }))

  const before = await getBalance(config, { address: ACCOUNT_1 })
  const hash = await sendTransaction(config, { to: ACCOUNT_1, value: parseEther('1.5') })
  const receipt = await waitForTransactionReceipt(config, { hash })
  assert.equal(receipt.status, 'success')
  assert.equal(receipt.from.toLowerCase(), ACCOUNT_0.toLowerCase())
  const afterBalance = await getBalance(config, { address: ACCOUNT_1 })
  assert.equal(afterBalance.value - before.value, parseEther('1.5'))
})

test('behavior: a requested account (eagerlyConnectAddress) among the ten connects and signs as that account; any other address falls back to account 0', async () => {
  const { chain, rpcUrl } = devnetChain()
  let requested: `0x${string}` | null = ACCOUNT_1
  const { config, connector } = localWalletConfig(chain, rpcUrl, () => requested)
  assert.deepEqual((await connect(config, { connector, chainId: chain.id })).accounts, [ACCOUNT_1])
  const signature = await signMessage(config, { message: 'oxbow' })
  assert.ok(await verifyMessage({ address: ACCOUNT_1, message: 'oxbow', signature }))
  const hash = await sendTransaction(config, { to: ACCOUNT_0, value: parseEther('0.25') })
  const receipt = await waitForTransactionReceipt(config, { hash })
  assert.equal(receipt.from.toLowerCase(), ACCOUNT_1.toLowerCase())

  await disconnect(config)
  requested = '0x000000000000000000000000000000000000dEaD'
  assert.deepEqual((await connect(config, { connector, chainId: chain.id })).accounts, [ACCOUNT_0])
})
