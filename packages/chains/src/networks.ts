/**
 * The network registry: every network Oxbow supports, with its identity, capabilities and
 * per-environment parameters. Contract addresses for `local` come from the devnet's deployment
 * manifest (see @oxbow/protocol); `mainnet` carries the canonical Uniswap deployments.
 */
import { getAddress } from 'viem'
import type { Address } from './types.ts'

export type Environment = 'local' | 'mainnet'

export const protocolVersions = ['v2', 'v3', 'v4'] as const
export type ProtocolVersion = (typeof protocolVersions)[number]

export interface NativeCurrency {
  readonly name: string
  readonly symbol: string
  readonly decimals: 18
}

export interface Capabilities {
  /** UniswapX limit orders: the spec offers them on Ethereum only. */
  readonly limitOrders: boolean
  /**
   * Gasless swaps: the trading API may offer a UniswapX Dutch order (signed, filled by our filler,
   * no network cost for the swapper) instead of the classic route. The one home of this fact: the
   * devnet deploys the filler's executor, the order service accepts decaying orders and the quote
   * offers the order route only where it is true.
   */
  readonly gaslessSwaps: boolean
  readonly protocolVersions: readonly ProtocolVersion[]
  /** EIP-5792 atomic batching supported by the network's smart-wallet delegation. */
  readonly batching: boolean
  /** ENS names resolve here (Ethereum; the devnet deploys a registry there). */
  readonly ens?: true
}

export interface MainnetContracts {
  readonly weth9: Address
  readonly permit2: Address
  readonly v2Factory?: Address
  readonly v2Router02?: Address
  readonly v3Factory: Address
  readonly nonfungiblePositionManager: Address
  readonly swapRouter02: Address
  readonly quoterV2: Address
  readonly v4PoolManager?: Address
  readonly v4PositionManager?: Address
  readonly v4Quoter?: Address
  readonly v4StateView?: Address
  readonly universalRouter: Address
  readonly ensRegistry?: Address
}

export interface NetworkEnvironment {
  readonly chainId: number
  /** Default RPC URL; local URLs depend on the devnet's port base, see {@link localRpcUrl}. */
  readonly rpcUrl: string
}

export interface Network {
  /** Stable key, also the spec's `:chainName` URL slug. */
  readonly slug: NetworkSlug
  readonly name: string
  readonly testnet: boolean
  readonly nativeCurrency: NativeCurrency
  readonly explorer: { readonly name: string; readonly url: string }
  readonly capabilities: Capabilities
  /** Index of the network in the local port layout: RPC port = port base + index. */
  readonly localIndex: number
  readonly local: NetworkEnvironment
  readonly mainnet: NetworkEnvironment & { readonly contracts: MainnetContracts }
}

export const networkSlugs = [
  'ethereum',
  'unichain',
  'base',
  'arbitrum',
  'optimism',
  'polygon',
  'bnb',
  'avalanche',
  'celo',
  'blast',
  'zksync',
  'zora',
  'worldchain',
  'soneium',
  'sepolia',
  'unichain_sepolia',
] as const
export type NetworkSlug = (typeof networkSlugs)[number]

/** Local chain ids: 31337 followed by a two-digit network index, used by no public network. */
export const LOCAL_CHAIN_ID_BASE = 3_133_700
export const DEFAULT_LOCAL_PORT_BASE = 8545

const ether: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const PERMIT2: Address = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const all: readonly ProtocolVersion[] = ['v2', 'v3', 'v4']

function local(index: number): NetworkEnvironment {
  return {
    chainId: LOCAL_CHAIN_ID_BASE + index + 1,
    rpcUrl: `http://127.0.0.1:${DEFAULT_LOCAL_PORT_BASE + index}`,
  }
}

type Entry = Omit<Network, 'localIndex' | 'local'>

const entries: readonly Entry[] = [
  {
    slug: 'ethereum',
    name: 'Ethereum',
    testnet: false,
    nativeCurrency: ether,
    explorer: { name: 'Etherscan', url: 'https://etherscan.io' },
    capabilities: { limitOrders: true, gaslessSwaps: true, protocolVersions: all, batching: true, ens: true },
    mainnet: {
      chainId: 1,
      rpcUrl: 'https://ethereum-rpc.publicnode.com',
      contracts: {
        weth9: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
        permit2: PERMIT2,
        v2Factory: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f',
        v2Router02: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D',
        v3Factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
        nonfungiblePositionManager: '0xC36442b4a4522E871399CD717aBDD847Ab11FE88',
        swapRouter02: '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45',
        quoterV2: '0x61fFE014bA17989E743c5F6cB21bF9697530B21e',
        v4PoolManager: '0x000000000004444c5dc75cB358380D2e3dE08A90',
        v4PositionManager: '0xbD216513d74C8cf14cf4747E6AaA6420FF64ee9e',
        v4Quoter: '0x52F0E24D1c21C8A0cB1e5a5dD6198556BD9E1203',
        v4StateView: '0x7fFE42C4a5DEeA5b0feC41C94C136Cf115597227',
        universalRouter: '0x66a9893cC07D91D95644AEDD05D03f95e1dBA8Af',
        ensRegistry: '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e',
      },
    },
  },
  {
    slug: 'unichain',
    name: 'Unichain',
    testnet: false,
    nativeCurrency: ether,
    explorer: { name: 'Uniscan', url: 'https://uniscan.xyz' },
    capabilities: { limitOrders: false, gaslessSwaps: false, protocolVersions: all, batching: true },
    mainnet: {
      chainId: 130,
      rpcUrl: 'https://mainnet.unichain.org',
      contracts: {
        weth9: '0x4200000000000000000000000000000000000006',
        permit2: PERMIT2,
        v2Factory: '0x1F98400000000000000000000000000000000002',
        v2Router02: '0x284F11109359a7e1306C3e447ef14D38400063FF',
        v3Factory: '0x1F98400000000000000000000000000000000003',
        nonfungiblePositionManager: '0x943e6e07a7E8E791dAFC44083e54041D743C46E9',
        swapRouter02: '0x73855d06DE49d0fe4A9c42636Ba96c62da12FF9C',
        quoterV2: '0x385A5cf5F83e99f7BB2852b6A19C3538b9FA7658',
        v4PoolManager: '0x1F98400000000000000000000000000000000004',
        v4PositionManager: '0x4529A01c7A0410167c5740C487A8DE60232617bf',
        v4Quoter: '0x333E3C607B141b18fF6de9f258db6e77fE7491E0',
        v4StateView: '0x86e8631A016F9068C3f085fAF484Ee3F5fDee8f2',
        universalRouter: '0xEf740bf23aCaE26f6492B10de645D6B98dC8Eaf3',
      },
    },
  },
  {
    slug: 'base',
    name: 'Base',
    testnet: false,
    nativeCurrency: ether,
    explorer: { name: 'BaseScan', url: 'https://basescan.org' },
    capabilities: { limitOrders: false, gaslessSwaps: false, protocolVersions: all, batching: true },
    mainnet: {
      chainId: 8453,
      rpcUrl: 'https://mainnet.base.org',
      contracts: {
        weth9: '0x4200000000000000000000000000000000000006',
        permit2: PERMIT2,
        v2Factory: '0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6',
        v2Router02: '0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24',
        v3Factory: '0x33128a8fC17869897dcE68Ed026d694621f6FDfD',
        nonfungiblePositionManager: '0x03a520b32C04BF3bEEf7BEb72E919cf822Ed34f1',
        swapRouter02: '0x2626664c2603336E57B271c5C0b26F421741e481',
        quoterV2: '0x3d4e44Eb1374240CE5F1B871ab261CD16335B76a',
        v4PoolManager: '0x498581fF718922c3f8e6A244956aF099B2652b2b',
        v4PositionManager: '0x7C5f5A4bBd8fD63184577525326123B519429bDc',
        v4Quoter: '0x0d5e0F971ED27FBfF6c2837bf31316121532048D',
        v4StateView: '0xA3c0c9b65baD0b08107Aa264b0f3dB444b867A71',
        universalRouter: '0x6fF5693b99212Da76ad316178A184AB56D299b43',
      },
    },
  },
  {
    slug: 'arbitrum',
    name: 'Arbitrum',
    testnet: false,
    nativeCurrency: ether,
    explorer: { name: 'Arbiscan', url: 'https://arbiscan.io' },
    capabilities: { limitOrders: false, gaslessSwaps: false, protocolVersions: all, batching: true },
    mainnet: {
      chainId: 42161,
      rpcUrl: 'https://arb1.arbitrum.io/rpc',
      contracts: {
        weth9: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
        permit2: PERMIT2,
        v2Factory: '0xf1D7CC64Fb4452F05c498126312eBE29f30Fbcf9',
        v2Router02: '0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24',
        v3Factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
        nonfungiblePositionManager: '0xC36442b4a4522E871399CD717aBDD847Ab11FE88',
        swapRouter02: '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45',
        quoterV2: '0x61fFE014bA17989E743c5F6cB21bF9697530B21e',
        v4PoolManager: '0x360E68faCcca8cA495c1B759Fd9EEe466db9FB32',
        v4PositionManager: '0xd88F38F930b7952f2DB2432Cb002E7abbF3dD869',
        v4Quoter: '0x3972c00f7ed4885e145823eb7c655375d275a1c5',
        v4StateView: '0x76Fd297e2D437cd7f76d50F01AfE6160f86e9990',
        universalRouter: '0xA51afAFe0263b40EdaEf0Df8781eA9aa03E381a3',
      },
    },
  },
  {
    slug: 'optimism',
    name: 'OP Mainnet',
    testnet: false,
    nativeCurrency: ether,
    explorer: { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' },
    capabilities: { limitOrders: false, gaslessSwaps: false, protocolVersions: all, batching: true },
    mainnet: {
      chainId: 10,
      rpcUrl: 'https://mainnet.optimism.io',
      contracts: {
        weth9: '0x4200000000000000000000000000000000000006',
        permit2: PERMIT2,
        v2Factory: '0x0c3c1c532F1e39EdF36BE9Fe0bE1410313E074Bf',
        v2Router02: '0x4A7b5Da61326A6379179b40d00F57E5bbDC962c2',
        v3Factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
        nonfungiblePositionManager: '0xC36442b4a4522E871399CD717aBDD847Ab11FE88',
        swapRouter02: '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45',
        quoterV2: '0x61fFE014bA17989E743c5F6cB21bF9697530B21e',
        v4PoolManager: '0x9a13F98Cb987694C9F086b1F5eB990EeA8264Ec3',
        v4PositionManager: '0x3C3Ea4B57a46241e54610e5f022E5c45859A1017',
        v4Quoter: '0x1f3131A13296Fb91C90870043742C3CDBFF1A8d7',
        v4StateView: '0xc18a3169788F4F75A170290584ECA6395C75Ecdb',
        universalRouter: '0x851116D9223fabED8E56C0E6b8Ad0c31d98B3507',
      },
    },
  },
  {
    slug: 'polygon',
    name: 'Polygon',
    testnet: false,
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    explorer: { name: 'PolygonScan', url: 'https://polygonscan.com' },
    capabilities: { limitOrders: false, gaslessSwaps: false, protocolVersions: all, batching: true },
    mainnet: {
      chainId: 137,
      rpcUrl: 'https://polygon-rpc.com',
      contracts: {
        weth9: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270',
        permit2: PERMIT2,
        v2Factory: '0x9e5A52f57b3038F1B8EeE45F28b3C1967e22799C',
        v2Router02: '0xedf6066a2b290C185783862C7F4776A2C8077AD1',
        v3Factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
        nonfungiblePositionManager: '0xC36442b4a4522E871399CD717aBDD847Ab11FE88',
        swapRouter02: '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45',
        quoterV2: '0x61fFE014bA17989E743c5F6cB21bF9697530B21e',
        v4PoolManager: '0x67366782805870060151383F4BbFF9daB53e5cD6',
        v4PositionManager: '0x1Ec2eBf4F37E7363FDfe3551602425af0B3ceef9',
        v4Quoter: '0xb3d5c3dfc3a7aebff71895a7191796bffc2c81b9',
        v4StateView: '0x5eA1bD7974c8A611cBAB0bDCAFcB1D9CC9b3BA5a',
        universalRouter: '0x1095692A6237d83C6a72F3F5eFEdb9A670C49223',
      },
    },
  },
  {
    slug: 'bnb',
    name: 'BNB Chain',
    testnet: false,
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    explorer: { name: 'BscScan', url: 'https://bscscan.com' },
    capabilities: { limitOrders: false, gaslessSwaps: false, protocolVersions: all, batching: true },
    mainnet: {
      chainId: 56,
      rpcUrl: 'https://bsc-dataseed.bnbchain.org',
      contracts: {
        weth9: '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c',
        permit2: PERMIT2,
        v2Factory: '0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6',
        v2Router02: '0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24',
        v3Factory: '0xdB1d10011AD0Ff90774D0C6Bb92e5C5c8b4461F7',
        nonfungiblePositionManager: '0x7b8A01B39D58278b5DE7e48c8449c9f4F5170613',
        swapRouter02: '0xB971eF87ede563556b2ED4b1C0b0019111Dd85d2',
        quoterV2: '0x78D78E420Da98ad378D7799bE8f4AF69033EB077',
        v4PoolManager: '0x28e2Ea090877bF75740558f6BFB36A5ffeE9e9dF',
        v4PositionManager: '0x7A4a5c919aE2541AeD11041A1AEeE68f1287f95b',
        v4Quoter: '0x9F75dD27D6664c475B90e105573E550ff69437B0',
        v4StateView: '0xd13Dd3D6E93f276FAfc9Db9E6BB47C1180aeE0c4',
        universalRouter: '0x1906c1d672b88cD1B9aC7593301cA990F94Eae07',
      },
    },
  },
  {
    slug: 'avalanche',
    name: 'Avalanche',
    testnet: false,
    nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
    explorer: { name: 'Snowtrace', url: 'https://snowtrace.io' },
    capabilities: { limitOrders: false, gaslessSwaps: false, protocolVersions: all, batching: true },
    mainnet: {
      chainId: 43114,
      rpcUrl: 'https://api.avax.network/ext/bc/C/rpc',
      contracts: {
        weth9: '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7',
        permit2: PERMIT2,
        v2Factory: '0x9e5A52f57b3038F1B8EeE45F28b3C1967e22799C',
        v2Router02: '0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24',
        v3Factory: '0x740b1c1de25031C31FF4fC9A62f554A55cdC1baD',
        nonfungiblePositionManager: '0x655C406EBFa14EE2006250925e54ec43AD184f8B',
        swapRouter02: '0xbb00FF08d01D300023C629E8fFfFcb65A5a578cE',
        quoterV2: '0xbe0F5544EC67e9B3b2D979aaA43f18Fd87E6257F',
        v4PoolManager: '0x06380C0e0912312B5150364B9DC4542BA0DbBc85',
        v4PositionManager: '0xB74b1F14d2754AcfcbBe1a221023a5cf50Ab8ACD',
        v4Quoter: '0xbe40675bb704506a3c2ccfb762dcfd1e979845c2',
        v4StateView: '0xc3c9e198c735A4B97E3e683F391CCBDd60b69286',
        universalRouter: '0x94b75331AE8d42C1b61065089B7d48FE14aA73b7',
      },
    },
  },
  {
    slug: 'celo',
    name: 'Celo',
    testnet: false,
    nativeCurrency: { name: 'Celo', symbol: 'CELO', decimals: 18 },
    explorer: { name: 'Celoscan', url: 'https://celoscan.io' },
    capabilities: { limitOrders: false, gaslessSwaps: false, protocolVersions: all, batching: false },
    mainnet: {
      chainId: 42220,
      rpcUrl: 'https://forno.celo.org',
      contracts: {
        weth9: '0x471EcE3750Da237f93B8E339c536989b8978a438',
        permit2: PERMIT2,
        v2Factory: '0x79a530c8e2fA8748B7B40dd3629C0520c2cCf03f',
        v2Router02: '0xe5DCAB9bd2B01Ee8A2b8dBa13A46d0797A6dB3A4',
        v3Factory: '0xAfE208a311B21f13EF87E33A90049fC17A7acDEc',
        nonfungiblePositionManager: '0x3d79EdAaBC0EaB6F08ED885C05Fc0B014290D95A',
        swapRouter02: '0x5615CDAb10dc425a742d643d949a7F474C01abc4',
        quoterV2: '0x82825d0554fA07f7FC52Ab63c961F330fdEFa8E8',
        v4PoolManager: '0x288dc841A52FCA2707c6947B3A777c5E56cd87BC',
        v4PositionManager: '0xf7965f3981e4d5bc383bfbcb61501763e9068ca9',
        v4Quoter: '0x28566da1093609182dff2cb2a91cfd72e61d66cd',
        v4StateView: '0xbc21f8720babf4b20d195ee5c6e99c52b76f2bfb',
        universalRouter: '0xcb695bc5d3aa22cad1e6df07801b061a05a0233a',
      },
    },
  },
  {
    slug: 'blast',
    name: 'Blast',
    testnet: false,
    nativeCurrency: ether,
    explorer: { name: 'Blastscan', url: 'https://blastscan.io' },
    capabilities: { limitOrders: false, gaslessSwaps: false, protocolVersions: all, batching: false },
    mainnet: {
      chainId: 81457,
      rpcUrl: 'https://rpc.blast.io',
      contracts: {
        weth9: '0x4300000000000000000000000000000000000004',
        permit2: PERMIT2,
        v2Factory: '0x5C346464d33F90bABaf70dB6388507CC889C1070',
        v2Router02: '0xBB66Eb1c5e875933D44DAe661dbD80e5D9B03035',
        v3Factory: '0x792edAdE80af5fC680d96a2eD80A44247D2Cf6Fd',
        nonfungiblePositionManager: '0xB218e4f7cF0533d4696fDfC419A0023D33345F28',
        swapRouter02: '0x549FEB8c9bd4c12Ad2AB27022dA12492aC452B66',
        quoterV2: '0x6Cdcd65e03c1CEc3730AeeCd45bc140D57A25C77',
        v4PoolManager: '0x1631559198A9e474033433b2958daBC135ab6446',
        v4PositionManager: '0x4AD2F4CcA2682cBB5B950d660dD458a1D3f1bAaD',
        v4Quoter: '0x6f71cdcb0d119ff72c6eb501abceb576fbf62bcf',
        v4StateView: '0x12a88ae16f46dce4e8b15368008ab3380885df30',
        universalRouter: '0xeabbcb3e8e415306207ef514f660a3f820025be3',
      },
    },
  },
  {
    slug: 'zksync',
    name: 'ZKsync',
    testnet: false,
    nativeCurrency: ether,
    explorer: { name: 'ZKsync Explorer', url: 'https://explorer.zksync.io' },
    // v4 is not deployed on ZKsync (spec: "v2 and v4 unsupported on some chains").
    capabilities: {
      limitOrders: false,
      gaslessSwaps: false,
      protocolVersions: ['v2', 'v3'],
      batching: false,
    },
    mainnet: {
      chainId: 324,
      rpcUrl: 'https://mainnet.era.zksync.io',
      contracts: {
        weth9: '0x5AEa5775959fBC2557Cc8789bC1bf90A239D9a91',
        permit2: '0x0000000000225e31D15943971F47aD3022F714Fa',
        v2Factory: '0xd03D8D566183F0086d8D09A84E1e30b58Dd5619d',
        v2Router02: '0x8B791913eB07C32779a16750e3868aA8495F5964',
        v3Factory: '0x8FdA5a7a8dCA67BBcDd10F02Fa0649A937215422',
        nonfungiblePositionManager: '0x0616e5762c1E7Dc3723c50663dF10a162D690a86',
        swapRouter02: '0x99c56385daBCE3E81d8499d0b8d0257aBC07E8A3',
        quoterV2: '0x8Cb537fc92E26d8EBBb760E632c95484b6Ea3e28',
        universalRouter: '0x28731BCC616B5f51dD52CF2e4dF0E78dD1136C06',
      },
    },
  },
  {
    slug: 'zora',
    name: 'Zora',
    testnet: false,
    nativeCurrency: ether,
    explorer: { name: 'Zora Explorer', url: 'https://explorer.zora.energy' },
    capabilities: { limitOrders: false, gaslessSwaps: false, protocolVersions: all, batching: false },
    mainnet: {
      chainId: 7777777,
      rpcUrl: 'https://rpc.zora.energy',
      contracts: {
        weth9: '0x4200000000000000000000000000000000000006',
        permit2: PERMIT2,
        v2Factory: '0x0F797dC7efaEA995bB916f268D919d0a1950eE3C',
        v2Router02: '0xa00F34A632630EFd15223B1968358bA4845bEEC7',
        v3Factory: '0x7145F8aeef1f6510E92164038E1B6F8cB2c42Cbb',
        nonfungiblePositionManager: '0xbC91e8DfA3fF18De43853372A3d7dfe585137D78',
        swapRouter02: '0x7De04c96BE5159c3b5CeffC82aa176dc81281557',
        quoterV2: '0x11867e1b3348F3ce4FcC170BC5af3d23E07E64Df',
        v4PoolManager: '0x0575338e4C17006aE181B47900A84404247CA30f',
        v4PositionManager: '0xf66c7b99e2040f0d9b326b3b7c152e9663543d63',
        v4Quoter: '0x5edaccc0660e0a2c44b06e07ce8b915e625dc2c6',
        v4StateView: '0x385785af07d63b50d0a0ea57c4ff89d06adf7328',
        universalRouter: '0x3315ef7ca28db74abadc6c44570efdf06b04b020',
      },
    },
  },
  {
    slug: 'worldchain',
    name: 'World Chain',
    testnet: false,
    nativeCurrency: ether,
    explorer: { name: 'Worldscan', url: 'https://worldscan.org' },
    capabilities: { limitOrders: false, gaslessSwaps: false, protocolVersions: all, batching: false },
    mainnet: {
      chainId: 480,
      rpcUrl: 'https://worldchain-mainnet.g.alchemy.com/public',
      contracts: {
        weth9: '0x4200000000000000000000000000000000000006',
        permit2: PERMIT2,
        v2Factory: '0xfaba6f8e4a5e8ab82f62fe7c39859fa577269be3',
        v2Router02: '0x541aB7c31A119441eF3575F6973277DE0eF460bd',
        v3Factory: '0x7a5028BDa40e7B173C278C5342087826455ea25a',
        nonfungiblePositionManager: '0xec12a9F9a09f50550686363766Cc153D03c27b5e',
        swapRouter02: '0x091AD9e2e6e5eD44c1c66dB50e49A601F9f36cF6',
        quoterV2: '0x10158D43e6cc414deE1Bd1eB0EfC6a5cBCfF244c',
        v4PoolManager: '0xb1860d529182ac3bc1f51fa2abd56662b7d13f33',
        v4PositionManager: '0xc585e0f504613b5fbf874f21af14c65260fb41fa',
        v4Quoter: '0x55d235b3ff2daf7c3ede0defc9521f1d6fe6c5c0',
        v4StateView: '0x51d394718bc09297262e368c1a481217fdeb71eb',
        universalRouter: '0x8ac7bee993bb44dab564ea4bc9ea67bf9eb5e743',
      },
    },
  },
  {
    slug: 'soneium',
    name: 'Soneium',
    testnet: false,
    nativeCurrency: ether,
    explorer: { name: 'Soneium Explorer', url: 'https://soneium.blockscout.com' },
    capabilities: { limitOrders: false, gaslessSwaps: false, protocolVersions: all, batching: false },
    mainnet: {
      chainId: 1868,
      rpcUrl: 'https://rpc.soneium.org',
      contracts: {
        weth9: '0x4200000000000000000000000000000000000006',
        permit2: PERMIT2,
        v2Factory: '0x97febbc2adbd5644ba22736e962564b23f5828ce',
        v2Router02: '0x273f68c234fa55b550b40e563c4a488e0d334320',
        v3Factory: '0x42ae7ec7ff020412639d443e245d936429fbe717',
        nonfungiblePositionManager: '0x8b3c541c30f9b29560f56b9e44b59718916b69ef',
        swapRouter02: '0x7e40db01736f88464e5f4e42394f3d5bbb6705b9',
        quoterV2: '0x3e6c707d0125226ff60f291b6bd1404634f00aba',
        v4PoolManager: '0x360e68faccca8ca495c1b759fd9eee466db9fb32',
        v4PositionManager: '0x1b35d13a2e2528f192637f14b05f0dc0e7deb566',
        v4Quoter: '0x3972c00f7ed4885e145823eb7c655375d275a1c5',
        v4StateView: '0x76fd297e2d437cd7f76d50f01afe6160f86e9990',
        universalRouter: '0x4cded7edf52c8aa5259a54ec6a3ce7c6d2a455df',
      },
    },
  },
  {
    slug: 'sepolia',
    name: 'Sepolia',
    testnet: true,
    nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
    explorer: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' },
    capabilities: { limitOrders: false, gaslessSwaps: false, protocolVersions: all, batching: true },
    mainnet: {
      chainId: 11155111,
      rpcUrl: 'https://ethereum-sepolia-rpc.publicnode.com',
      contracts: {
        weth9: '0xfFf9976782d46CC05630D1f6eBAb18b2324d6B14',
        permit2: PERMIT2,
        v2Factory: '0xF62c03E08ada871A0bEb309762E260a7a6a880E6',
        v2Router02: '0xeE567Fe1712Faf6149d80dA1E6934E354124CfE3',
        v3Factory: '0x0227628f3F023bb0B980b67D528571c95c6DaC1c',
        nonfungiblePositionManager: '0x1238536071E1c677A632429e3655c799b22cDA52',
        swapRouter02: '0x3bFA4769FB09eefC5a80d6E87c3B9C650f7Ae48E',
        quoterV2: '0xEd1f6473345F45b75F8179591dd5bA1888cf2FB3',
        v4PoolManager: '0xE03A1074c86CFeDd5C142C4F04F1a1536e203543',
        v4PositionManager: '0x429ba70129df741B2Ca2a85BC3A2a3328e5c09b4',
        v4Quoter: '0x61B3f2011A92d183C7dbaDBdA940a7555Ccf9227',
        v4StateView: '0xE1Dd9c3fA50EDB962E442f60DfBc432e24537E4C',
        universalRouter: '0x3A9D48AB9751398BbFa63ad67599Bb04e4BdF98b',
      },
    },
  },
  {
    slug: 'unichain_sepolia',
    name: 'Unichain Sepolia',
    testnet: true,
    nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
    explorer: { name: 'Uniscan', url: 'https://sepolia.uniscan.xyz' },
    // Uniswap publishes no v2 deployment on Unichain Sepolia: "v2 unsupported" there.
    capabilities: {
      limitOrders: false,
      gaslessSwaps: false,
      protocolVersions: ['v3', 'v4'],
      batching: true,
    },
    mainnet: {
      chainId: 1301,
      rpcUrl: 'https://sepolia.unichain.org',
      contracts: {
        weth9: '0x4200000000000000000000000000000000000006',
        permit2: PERMIT2,
        v3Factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
        nonfungiblePositionManager: '0xB7F724d6dDDFd008eFf5cc2834edDE5F9eF0d075',
        swapRouter02: '0xd1AAE39293221B77B0C71fBD6dCb7Ea29Bb5B166',
        quoterV2: '0x6Dd37329A1A225a6Fca658265D460423DCafBF89',
        v4PoolManager: '0x00B036B58a818B1BC34d502D3fE730Db729e62AC',
        v4PositionManager: '0xf969Aee60879C54bAAed9F3eD26147Db216Fd664',
        v4Quoter: '0x56DCD40A3F2d466F48e7F48bDBE5Cc9B92Ae4472',
        v4StateView: '0xc199F1072a74D4e905ABa1A84d9a45E2546B6222',
        universalRouter: '0xf70536B3bcC1bD1a972dc186A2cf84cC6da6Be5D',
      },
    },
  },
]

/** Every network, in the spec's order: the 14 mainnets, then the testnets. */
export const networks: readonly Network[] = entries.map((entry, localIndex) => ({
  ...entry,
  localIndex,
  local: local(localIndex),
  mainnet: { ...entry.mainnet, contracts: checksummed(entry.mainnet.contracts) },
}))

/** Addresses above are typed as published (some lower-case); normalise them to EIP-55 once. */
function checksummed(contracts: MainnetContracts): MainnetContracts {
  return Object.fromEntries(
    Object.entries(contracts).map(([name, address]) => [name, getAddress(address.toLowerCase())]),
  ) as unknown as MainnetContracts
}
