/**
 * The token universe of one network (WETH9 plus the spec's seeded tokens, including the
 * fee-on-transfer and honeypot contracts), and the balances and allowances the rest of the seed needs:
 * the deployer's liquidity, every test account's tokens, the traders' funds and Permit2 allowances.
 */
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import type { ManifestToken } from '@oxbow/protocol'
import { erc20Abi, PERMIT2_ADDRESS, permit2Abi } from '@oxbow/protocol'
import { nativeTokenLogoURI, tokenLogoURI } from '@oxbow/protocol/tokenLogos'
import { type Address, maxUint48, maxUint160, maxUint256, toHex } from 'viem'
import { loadArtifacts } from '../artifacts.ts'
import { type Contracts, DEPLOYER } from '../deploy.ts'
import { amountForUsd } from '../math.ts'
import type { Sender } from '../rpc.ts'
import { type TokenSpec, tokenSpecs } from '../universe.ts'
import { type Currency, mintAbi, type SeedOptions, TRADERS, wethDeposit, withArgs } from './model.ts'

export interface TokenUniverse {
  readonly tokens: ManifestToken[]
  /** By key: NATIVE, WNATIVE and every seeded token. */
  readonly currencies: Map<string, Currency>
}

/** Deploys WETH's seeded siblings and describes them for the manifest. */
export async function deployTokens(options: SeedOptions, nativeUsd: number): Promise<TokenUniverse> {
  const { network, contracts } = options
  const wethLogo = nativeTokenLogoURI(network.nativeCurrency.symbol)
  const tokens: ManifestToken[] = [
    {
      address: contracts.weth9,
      symbol: 'WETH',
      name: 'Wrapped Ether',
      decimals: 18,
      kind: 'wrapped-native',
      safety: 'verified',
      transferFeeBps: 0,
      seedPriceUsd: nativeUsd,
      ...(wethLogo ? { logoURI: wethLogo } : {}),
    },
  ]
  const currencies = new Map<string, Currency>([
    ['NATIVE', { key: 'NATIVE', address: NATIVE_CURRENCY_ADDRESS, decimals: 18, priceUsd: nativeUsd }],
    ['WNATIVE', { key: 'WNATIVE', address: contracts.weth9, decimals: 18, priceUsd: nativeUsd }],
  ])
  for (const spec of tokenSpecs(network.slug)) {
    const { address, token } = await deployToken(options, spec)
    currencies.set(spec.key, { key: spec.key, address, decimals: spec.decimals, priceUsd: spec.priceUsd })
    tokens.push(token)
  }
  return { tokens, currencies }
}

/** Deploys one seeded token (its contract kind's bytecode) and describes it for the manifest. */
export async function deployToken(
  options: Pick<SeedOptions, 'sender' | 'compiled'>,
  spec: TokenSpec,
): Promise<{ address: Address; token: ManifestToken }> {
  const { sender, compiled } = options
  const mock = loadArtifacts().mockErc20
  const bytecode =
    spec.contract === 'fee-on-transfer'
      ? withArgs(compiled.FeeOnTransferToken.bytecode, 'string,string,uint8,uint256', [
          spec.name,
          spec.symbol,
          spec.decimals,
          BigInt(spec.transferFeeBps ?? 0),
        ])
      : withArgs(
          spec.contract === 'honeypot' ? compiled.HoneypotToken.bytecode : mock,
          'string,string,uint8',
          [spec.name, spec.symbol, spec.decimals],
        )
  const address = await sender.deploy(DEPLOYER, bytecode, spec.symbol, 3_000_000n)
  const token: ManifestToken = {
    address,
    symbol: spec.symbol,
    name: spec.name,
    decimals: spec.decimals,
    kind: spec.kind,
    safety: spec.safety,
    transferFeeBps: spec.transferFeeBps ?? 0,
    seedPriceUsd: spec.priceUsd,
    ...(spec.logo ? { logoURI: tokenLogoURI(spec.logo) } : {}),
  }
  return { address, token }
}

/** Every ERC-20 (WETH included). */
export function erc20sOf(currencies: Map<string, Currency>): Currency[] {
  return [...currencies.values()].filter((c) => c.address !== NATIVE_CURRENCY_ADDRESS)
}

/** The seeded tokens we can mint (not native, not WETH). */
export function mintableOf(currencies: Map<string, Currency>): Currency[] {
  return [...currencies.values()].filter((c) => c.key !== 'NATIVE' && c.key !== 'WNATIVE')
}

/** Mints every mintable token, `usd` worth of each at its seed price, to `to` (the deployer mints). */
async function mintEach(sender: Sender, currencies: Map<string, Currency>, to: Address, usd: number) {
  for (const c of mintableOf(currencies)) {
    await sender.write(DEPLOYER, {
      address: c.address,
      abi: mintAbi,
      functionName: 'mint',
      args: [to, amountForUsd(usd, c.priceUsd, c.decimals)],
    })
  }
}

/** `owner` lets `spender` move its `token` through Permit2: the ERC-20 approval, then Permit2's own. */
async function approveThroughPermit2(sender: Sender, owner: Address, token: Address, spender: Address) {
  await sender.write(owner, {
    address: token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [PERMIT2_ADDRESS, maxUint256],
  })
  await sender.write(owner, {
    address: PERMIT2_ADDRESS,
    abi: permit2Abi,
    functionName: 'approve',
    args: [token, spender, maxUint160, Number(maxUint48)],
  })
}

/** The deployer provides all liquidity: it wraps, mints and approves the position managers. */
export async function fundLiquidityProvider(
  sender: Sender,
  contracts: Contracts,
  currencies: Map<string, Currency>,
  nativeUsd: number,
): Promise<void> {
  const d = DEPLOYER
  await sender.send(
    d,
    { to: contracts.weth9, data: wethDeposit(), value: amountForUsd(80e6, nativeUsd, 18) },
    'wrap',
  )
  await mintEach(sender, currencies, d, 500e6)
  for (const c of erc20sOf(currencies)) {
    for (const spender of [contracts.v2Router02, contracts.nonfungiblePositionManager]) {
      await sender.write(d, {
        address: c.address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [spender, maxUint256],
      })
    }
    await approveThroughPermit2(sender, d, c.address, contracts.v4PositionManager)
  }
}

/** Test accounts: every token (native comes from anvil's genesis allocation). */
export async function fundTestAccounts(
  sender: Sender,
  contracts: Contracts,
  accounts: readonly Address[],
  currencies: Map<string, Currency>,
  nativeUsd: number,
): Promise<void> {
  for (const account of accounts) {
    await mintEach(sender, currencies, account, 100_000)
    await sender.write(DEPLOYER, {
      address: contracts.weth9,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [account, amountForUsd(100_000, nativeUsd, 18)],
    })
  }
}

/** Traders: balances and Permit2 allowances for the Universal Router. */
export async function fundTraders(
  sender: Sender,
  contracts: Contracts,
  currencies: Map<string, Currency>,
  nativeUsd: number,
): Promise<void> {
  for (const trader of TRADERS) {
    await sender.request('anvil_impersonateAccount', [trader])
    await sender.request('anvil_setBalance', [trader, toHex(amountForUsd(100e6, nativeUsd, 18))])
    await sender.send(
      trader,
      { to: contracts.weth9, data: wethDeposit(), value: amountForUsd(20e6, nativeUsd, 18) },
      'wrap',
    )
    await mintEach(sender, currencies, trader, 20e6)
    for (const c of erc20sOf(currencies)) {
      await approveThroughPermit2(sender, trader, c.address, contracts.universalRouter)
    }
  }
}
