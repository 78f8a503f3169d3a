/**
 * Smart-wallet delegation against the real devnet (ethereum, port base 22300): the delegation check
 * reads an account's EIP-7702 designator; a delegated account swaps an ERC-20 with approvals and
 * swap in one executeBatch transaction, checked on chain and compared with the classic flow's gas;
 * a delegated account's signature verifies on chain through ERC-1271 isValidSignature.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { devnetClients } from '@oxbow/devnet'
import { erc20Abi, type Manifest, type NetworkDeployment } from '@oxbow/protocol'
import { type Address, type Hex, hashMessage, keccak256, parseAbi, stringToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { classicSwap, type Json, startTradingKit, type TradingKit } from './kit.ts'

const PORT_BASE = 22300
const slug = 'ethereum' as const
let kit: TradingKit
let manifest: Manifest
let d: NetworkDeployment

before(async () => {
  kit = await startTradingKit({ portBase: PORT_BASE, slug })
  ;({ manifest, deployment: d } = kit)
})
after(async () => {
  await kit?.stop()
})

const post = (path: string, body: unknown) => kit.post(path, body)

const usdc = () => {
  const t = d.tokens.find((x) => x.symbol === 'USDC' && x.kind === 'stablecoin')
  if (!t) throw new Error('no USDC')
  return t.address
}

async function usdcBalance(owner: Address): Promise<bigint> {
  const { public: client } = devnetClients(manifest, slug)
  return client.readContract({ address: usdc(), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

/** Delegates test account `index` to the devnet's Simple7702Account (a type-4 transaction). */
async function delegate(index: number): Promise<void> {
  const { public: client, wallet } = devnetClients(manifest, slug, index)
  const authorization = await wallet.signAuthorization({
    contractAddress: d.contracts.simple7702Account,
    executor: 'self',
  })
  const hash = await wallet.sendTransaction({
    authorizationList: [authorization],
    to: wallet.account.address,
    data: '0x',
  })
  assert.equal((await client.waitForTransactionReceipt({ hash })).status, 'success')
}

const swapBody = (swapper: Address) => ({
  network: slug,
  tokenIn: usdc(),
  tokenOut: 'ETH',
  amount: '250000000',
  type: 'EXACT_INPUT',
  slippage: 1,
  swapper,
})

describe('delegation check', () => {
  test('behavior: an account is undelegated until its 7702 authorization lands, then delegated to ours', async () => {
    const me = devnetClients(manifest, slug, 5).wallet.account.address
    const check = () => post('/wallet/check_delegation', { walletAddresses: [me], chainIds: [d.chainId] })
    const before = await check()
    assert.equal(before.status, 200, JSON.stringify(before.json))
    assert.deepEqual(before.json.delegationDetails[me][String(d.chainId)], {
      currentDelegationAddress: null,
      isWalletDelegatedToProvider: false,
      latestDelegationAddress: d.contracts.simple7702Account,
    })
    await delegate(5)
    const afterDelegation = await check()
    assert.deepEqual(afterDelegation.json.delegationDetails[me][String(d.chainId)], {
      currentDelegationAddress: d.contracts.simple7702Account,
      isWalletDelegatedToProvider: true,
      latestDelegationAddress: d.contracts.simple7702Account,
    })
  })

  test('error: malformed, oversized and unknown-chain requests are typed 400s', async () => {
    const me = devnetClients(manifest, slug, 0).wallet.account.address
    const cases: unknown[] = [
      { walletAddresses: [], chainIds: [d.chainId] },
      { walletAddresses: [me], chainIds: [] },
      { walletAddresses: Array.from({ length: 11 }, () => me), chainIds: [d.chainId] },
      { walletAddresses: ['0x1234'], chainIds: [d.chainId] },
      { walletAddresses: [me], chainIds: [-1] },
      { walletAddresses: [me], chainIds: [d.chainId], extra: true },
    ]
    for (const body of cases) {
      const res = await post('/wallet/check_delegation', body)
      assert.equal(res.status, 400, JSON.stringify(body))
      assert.equal(res.json.error.code, 'INVALID_INPUT')
    }
    const unknown = await post('/wallet/check_delegation', { walletAddresses: [me], chainIds: [1] })
    assert.equal(unknown.status, 400)
    assert.equal(unknown.json.error.code, 'UNSUPPORTED_NETWORK')
  })
})

const erc1271Abi = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
])
/** ERC-1271's magic value: isValidSignature.selector. */
const ERC1271_MAGIC = '0x1626ba7e'

describe('ERC-1271', () => {
  test("behavior: a delegated account's own signature is valid on chain through isValidSignature; another key's, or a changed hash, is not", async () => {
    await delegate(9)
    const { public: client } = devnetClients(manifest, slug, 9)
    const keyOf = (index: number) => {
      const key = manifest.accounts[index]?.privateKey
      if (!key) throw new Error(`no test account ${index}`)
      return privateKeyToAccount(key)
    }
    const wallet = keyOf(9)
    const other = keyOf(4)
    const me = wallet.address
    const isValid = (hash: Hex, signature: Hex) =>
      client.readContract({
        address: me,
        abi: erc1271Abi,
        functionName: 'isValidSignature',
        args: [hash, signature],
      })
    // A raw hash (Simple7702Account recovers the signer of the hash itself) ...
    const hash = keccak256(stringToHex(`oxbow erc-1271 ${Date.now()}`))
    const signature = await wallet.sign({ hash })
    assert.equal(await isValid(hash, signature), ERC1271_MAGIC)
    assert.equal(await isValid(hash, await other.sign({ hash })), '0xffffffff', "another key's signature")
    assert.equal(await isValid(keccak256(hash), signature), '0xffffffff', 'the signature of another hash')
    // ... and a personal_sign message, as dapps verify a smart account's login (viem's verifyMessage
    // calls isValidSignature on an account with code).
    const message = 'Sign in to Oxbow'
    const signed = await wallet.signMessage({ message })
    assert.equal(await isValid(hashMessage(message), signed), ERC1271_MAGIC)
    assert.equal(await client.verifyMessage({ address: me, message, signature: signed }), true)
    assert.equal(
      await client.verifyMessage({ address: me, message, signature: await other.signMessage({ message }) }),
      false,
    )
    // An undelegated account has no code: nothing answers isValidSignature there.
    await assert.rejects(
      client.readContract({
        address: other.address,
        abi: erc1271Abi,
        functionName: 'isValidSignature',
        args: [hash, signature],
      }),
    )
  })
})

describe('batched swap', () => {
  test('behavior: a smart wallet swaps USDC for ETH with approve, Permit2 approve and swap in one transaction, cheaper than the classic flow', async () => {
    await delegate(6)
    const { public: client, wallet } = devnetClients(manifest, slug, 6)
    const me = wallet.account.address
    const res = await post('/swap', { ...swapBody(me), batch: true })
    assert.equal(res.status, 200, JSON.stringify(res.json))
    assert.equal(res.json.status, 'READY')
    assert.equal(res.json.tx.to, me, 'the batch is a call to the account itself')
    assert.equal(res.json.tx.value, '0')
    assert.deepEqual(
      res.json.batch.calls.map((call: Json) => call.to),
      [usdc(), d.contracts.permit2, d.contracts.universalRouter],
      'ERC-20 approve, Permit2 approve, swap',
    )
    const usdcBefore = await usdcBalance(me)
    const ethBefore = await client.getBalance({ address: me })
    const hash = await wallet.sendTransaction({
      to: res.json.tx.to,
      data: res.json.tx.data as Hex,
      value: 0n,
      gas: BigInt(res.json.tx.gasLimit),
    })
    const receipt = await client.waitForTransactionReceipt({ hash })
    assert.equal(receipt.status, 'success')
    assert.equal(usdcBefore - (await usdcBalance(me)), 250_000_000n, 'exactly the amount in left')
    const received =
      (await client.getBalance({ address: me })) - ethBefore + receipt.gasUsed * receipt.effectiveGasPrice
    assert.ok(received >= BigInt(res.json.quote.minimumAmountOut), `received ${received}`)
    assert.ok(received > 0n)

    // The classic flow for an undelegated account: approve, sign the permit, swap (two transactions).
    const classic = await classicSwap(
      kit,
      7,
      swapBody(devnetClients(manifest, slug, 7).wallet.account.address),
    )
    assert.deepEqual(classic.statuses, ['APPROVAL_REQUIRED', 'SIGNATURE_REQUIRED', 'READY'])
    const approveGas = classic.approval?.gasUsed ?? 0n
    const swapGas = classic.receipt.gasUsed
    const classicGas = approveGas + swapGas
    console.log(
      `# gas: batched ${receipt.gasUsed} vs classic ${classicGas} (approve ${approveGas} + swap ${swapGas}): ${(100 - (Number(receipt.gasUsed) * 100) / Number(classicGas)).toFixed(1)} % saved`,
    )
    assert.ok(receipt.gasUsed < classicGas, 'one transaction costs less than two')
  })

  test('behavior: for an account not delegated yet, the calls for wallet_sendCalls but no call to the account itself', async () => {
    const me = devnetClients(manifest, slug, 8).wallet.account.address
    const res = await post('/swap', { ...swapBody(me), batch: true })
    assert.equal(res.status, 200, JSON.stringify(res.json))
    assert.equal(res.json.status, 'READY')
    assert.equal(res.json.batch.calls.length, 3)
    assert.equal(res.json.tx, undefined, 'a call with data to a plain account would do nothing')
  })
})

describe('delegation to an unknown contract', () => {
  test('error: a batched swap for an account delegated to another contract is a typed 409 and builds nothing; the check reports it; a classic swap still goes', async () => {
    const { public: client, wallet } = devnetClients(manifest, slug, 9)
    const me = wallet.account.address
    const setDelegate = async (contractAddress: Address) => {
      const authorization = await wallet.signAuthorization({ contractAddress, executor: 'self' })
      // Sent to another account: a call to itself would run the unknown code (the router reverts).
      const to = devnetClients(manifest, slug, 0).wallet.account.address
      const hash = await wallet.sendTransaction({ authorizationList: [authorization], to, data: '0x' })
      assert.equal((await client.waitForTransactionReceipt({ hash })).status, 'success')
    }
    // Any contract that is not our delegate: here the Universal Router.
    const unknown = d.contracts.universalRouter
    await setDelegate(unknown)
    try {
      const check = await post('/wallet/check_delegation', { walletAddresses: [me], chainIds: [d.chainId] })
      assert.equal(check.status, 200)
      const detail = check.json.delegationDetails[me][String(d.chainId)]
      assert.equal(detail.currentDelegationAddress, unknown)
      assert.equal(detail.isWalletDelegatedToProvider, false)

      const refused = await post('/swap', { ...swapBody(me), batch: true })
      assert.equal(refused.status, 409, JSON.stringify(refused.json))
      assert.equal(refused.json.error.code, 'UNKNOWN_DELEGATE')
      assert.equal(refused.json.error.message, 'Delegated to another contract')
      assert.equal(refused.json.error.details.currentDelegationAddress, unknown)
      assert.equal(refused.json.error.details.latestDelegationAddress, d.contracts.simple7702Account)
      assert.equal(refused.json.batch, undefined)
      assert.equal(refused.json.tx, undefined)

      const classic = await post('/swap', swapBody(me))
      assert.equal(classic.status, 200, JSON.stringify(classic.json))
      assert.equal(classic.json.status, 'APPROVAL_REQUIRED')
    } finally {
      await setDelegate('0x0000000000000000000000000000000000000000')
    }
  })
})

describe('permit as a transaction (the spec gate: forced by flag, or a mismatch with its UX on)', () => {
  test('behavior: with permitAsTransaction the Permit2 allowance is an APPROVAL_REQUIRED Permit2.approve, never a signature; the swap then goes through', async () => {
    const { public: client, wallet } = devnetClients(manifest, slug, 4)
    const me = wallet.account.address
    const statuses: string[] = []
    const targets: string[] = []
    let answer: Json
    for (let round = 0; round < 4; round++) {
      const res = await post('/swap', { ...swapBody(me), permitAsTransaction: true })
      assert.equal(res.status, 200, JSON.stringify(res.json))
      answer = res.json
      statuses.push(answer.status)
      if (answer.status !== 'APPROVAL_REQUIRED') break
      targets.push(answer.approval.to)
      const hash = await wallet.sendTransaction({ to: answer.approval.to, data: answer.approval.data })
      assert.equal((await client.waitForTransactionReceipt({ hash })).status, 'success')
    }
    assert.deepEqual(statuses, ['APPROVAL_REQUIRED', 'APPROVAL_REQUIRED', 'READY'])
    assert.deepEqual(targets, [usdc(), d.contracts.permit2], 'ERC-20 approve, then Permit2 approve')
    const before = await usdcBalance(me)
    const hash = await wallet.sendTransaction({
      to: answer.tx.to,
      data: answer.tx.data as Hex,
      value: BigInt(answer.tx.value),
      gas: BigInt(answer.tx.gasLimit),
    })
    assert.equal((await client.waitForTransactionReceipt({ hash })).status, 'success')
    assert.equal(before - (await usdcBalance(me)), 250_000_000n)
  })
})
