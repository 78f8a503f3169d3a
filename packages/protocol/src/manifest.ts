/**
 * The deployment manifest: what the devnet deployed and seeded on each network. The devnet writes
 * it (apps/devnet); the indexer, the API and the web app read it through {@link loadManifest}.
 * It is generated state (git-ignored) and is validated on every load, never trusted.
 */

import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { networkSlugs } from '@oxbow/chains'
import { CoreError } from '@oxbow/core'
import { getAddress, isAddress, isHex } from 'viem'
import { z } from 'zod'
import { TOKEN_LOGO_URI_PATTERN } from './tokenLogos.ts'

/** Bumped whenever the manifest's shape or the deployed set changes; older dumps are rebuilt. */
export const MANIFEST_VERSION = 1

const address = z
  .string()
  .refine((value) => isAddress(value, { strict: false }), 'not a 20-byte hex address')
  .transform((value) => getAddress(value))
const hex32 = z
  .string()
  .refine((value) => isHex(value) && value.length === 66, 'not a 32-byte hex value')
  .transform((value) => value as `0x${string}`)

export const contractNames = [
  'weth9',
  'permit2',
  'v2Factory',
  'v2Router02',
  'v3Factory',
  'nonfungiblePositionManager',
  'nonfungibleTokenPositionDescriptor',
  'swapRouter02',
  'quoterV2',
  'tickLens',
  'v3Migrator',
  'v4PoolManager',
  'v4PositionManager',
  'v4PositionDescriptor',
  'v4Quoter',
  'v4StateView',
  'universalRouter',
  'exclusiveDutchOrderReactor',
  'orderQuoter',
  /** The EIP-7702 delegate smart wallets point at (Simple7702Account: execute / executeBatch). */
  'simple7702Account',
] as const
export type ContractName = (typeof contractNames)[number]

export const tokenKinds = [
  /** The network's WETH9-style wrapper of its native currency. */
  'wrapped-native',
  'stablecoin',
  'wrapped-btc',
  'governance',
  'local',
  'spam',
  'fee-on-transfer',
  'honeypot',
  'impersonator',
  /** A token the list blocks: it cannot be traded or sent here. */
  'blocked',
  /** A token reported as malicious (drains approvals): listed with a warning. */
  'malicious',
] as const

/** The spec's token safety levels; `verified` is a listed, safe token. */
export const safetyLevels = [
  'verified',
  'medium',
  'blocked',
  'malicious',
  'spam',
  'honeypot',
  'impersonator',
] as const

const token = z.object({
  address,
  symbol: z.string().min(1).max(32),
  name: z.string().min(1).max(64),
  decimals: z.number().int().min(0).max(36),
  kind: z.enum(tokenKinds),
  safety: z.enum(safetyLevels),
  /** Fee taken on every transfer, in basis points (fee-on-transfer tokens); 0 otherwise. */
  transferFeeBps: z.number().int().min(0).max(10_000),
  /** Reference price in USD the seed priced pools at (the indexer derives its own from pools). */
  seedPriceUsd: z.number().positive(),
  /** The token's logo: one the web app serves itself (`@oxbow/protocol/tokenLogos`). */
  logoURI: z.string().regex(TOKEN_LOGO_URI_PATTERN).optional(),
})

const pool = z.discriminatedUnion('version', [
  z.object({
    version: z.literal('v2'),
    address,
    token0: address,
    token1: address,
  }),
  z.object({
    version: z.literal('v3'),
    address,
    token0: address,
    token1: address,
    fee: z.number().int().min(0),
    tickSpacing: z.number().int().positive(),
  }),
  z.object({
    version: z.literal('v4'),
    /** keccak256 of the PoolKey. */
    poolId: hex32,
    /** currency0/1: the zero address is the native currency. */
    currency0: address,
    currency1: address,
    /** 0x800000 marks a dynamic fee. */
    fee: z.number().int().min(0),
    tickSpacing: z.number().int().positive(),
    hooks: address,
  }),
])

const nftCollection = z.object({
  address,
  name: z.string().min(1),
  symbol: z.string().min(1),
  totalSupply: z.number().int().nonnegative(),
})

const account = z.object({ address, privateKey: hex32 })

/** ENS on a network that has it (the devnet: Ethereum): the contracts and the seeded names. */
const ensDeployment = z.object({
  registry: address,
  publicResolver: address,
  reverseRegistrar: address,
  /** Seeded names, normalized, with the address each resolves to and whether it has a reverse record. */
  names: z.array(z.object({ name: z.string().min(3).max(255), address, primary: z.boolean() })),
})

const amount = z.string().regex(/^\d{1,78}$/, 'not a base-unit amount')

/**
 * The LP rewards programme of a network that runs one (the devnet: Ethereum): one
 * MerkleDistributor (`@uniswap/merkle-distributor` 1.0.1) per reward epoch, funded with the reward
 * token, and each epoch's tree (see `@oxbow/protocol/rewards`). Amounts are base-unit strings.
 */
const rewardsProgramme = z.object({
  token: address,
  epochs: z.array(
    z.object({
      epoch: z.number().int().positive(),
      distributor: address,
      merkleRoot: hex32,
      /** The epoch's window (unix seconds): the fees earned in it decide the shares. */
      start: z.number().int().nonnegative(),
      end: z.number().int().positive(),
      /**
       * The same window in blocks: the fees earned after block `from`'s state up to block `to`'s
       * (epochs are contiguous: one's `to` is the next one's `from`).
       */
      blocks: z.object({ from: z.number().int().nonnegative(), to: z.number().int().positive() }),
      /** The sum of the claims: what the distributor was funded with. */
      total: amount,
      /** Incentivised pools and each one's reward for the epoch. */
      pools: z.array(z.object({ pool: address, reward: amount })),
      claims: z.array(
        z.object({
          index: z.number().int().nonnegative(),
          account: address,
          amount,
          proof: z.array(hex32),
        }),
      ),
    }),
  ),
})

const networkDeployment = z.object({
  slug: z.enum(networkSlugs),
  chainId: z.number().int().positive(),
  rpcUrl: z.url(),
  /** First block holding any deployment: indexers start here. */
  startBlock: z.number().int().nonnegative(),
  contracts: z.object(
    Object.fromEntries(contractNames.map((name) => [name, address])) as Record<ContractName, typeof address>,
  ),
  /** Hook contracts deployed for v4 pools (address by name). */
  hooks: z.record(z.string(), address),
  tokens: z.array(token),
  pools: z.array(pool),
  nftCollections: z.array(nftCollection),
  ens: z.optional(ensDeployment),
  /**
   * UniswapX order filling, on networks whose registry entry offers limit orders: our filler's
   * account (its key too: a local devnet key, public like the test accounts) and its
   * SwapRouter02Executor, which swaps an order's input through the network's pools in the
   * reactor's callback. Orders themselves settle on `contracts.exclusiveDutchOrderReactor`.
   */
  orders: z.object({ executor: address, filler: account }).optional(),
  rewards: rewardsProgramme.optional(),
})

export const manifestSchema = z.object({
  version: z.literal(MANIFEST_VERSION),
  /** Hash of what produced the state (artifact versions, seed script); a mismatch means rebuild. */
  fingerprint: z.string().min(1),
  createdAt: z.iso.datetime(),
  /** Funded test accounts (anvil's default mnemonic): hold native currency and every token. */
  accounts: z.array(account).min(1),
  /** The networks this devnet run started (any subset of the registry), by slug. */
  networks: z.partialRecord(z.enum(networkSlugs), networkDeployment),
})

export type Manifest = z.infer<typeof manifestSchema>
export type NetworkDeployment = z.infer<typeof networkDeployment>
export type ManifestToken = z.infer<typeof token>
export type ManifestPool = z.infer<typeof pool>
export type ManifestNftCollection = z.infer<typeof nftCollection>
export type ManifestEns = z.infer<typeof ensDeployment>
export type ManifestRewards = z.infer<typeof rewardsProgramme>
export type TokenKind = (typeof tokenKinds)[number]
export type SafetyLevel = (typeof safetyLevels)[number]

/** The manifest is missing or does not validate. */
export class ManifestError extends CoreError {
  override readonly name = 'ManifestError'
  constructor(shortMessage: string, opts: { details?: string; cause?: unknown } = {}) {
    super(shortMessage, { ...opts, code: 'INVALID_MANIFEST' })
  }
}

/** Default location: `<repo>/.devnet/manifest.json`; override with OXBOW_MANIFEST. */
export function defaultManifestPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.OXBOW_MANIFEST ?? resolve(import.meta.dirname, '../../../.devnet/manifest.json')
}

/** Validates an unknown value as a manifest; throws {@link ManifestError} with every problem. */
export function parseManifest(value: unknown, source = 'manifest'): Manifest {
  const result = manifestSchema.safeParse(value)
  if (!result.success) {
    const problems = result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ')
    throw new ManifestError(`${source} is invalid (${problems}). Rebuild it with: npm start -- --fresh`)
  }
  return result.data
}

/** Validates the text of a manifest file read from `path`. */
function parseManifestText(text: string | undefined, path: string): Manifest {
  if (text === undefined) {
    throw new ManifestError(`No deployment manifest at ${path}. Start the devnet first: npm start`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new ManifestError(`${path} is not valid JSON. Rebuild it with: npm start -- --fresh`)
  }
  return parseManifest(json, path)
}

/** Reads and validates the manifest written by the devnet. */
export async function loadManifest(path = defaultManifestPath()): Promise<Manifest> {
  return parseManifestText(await readFile(path, 'utf8').catch(() => undefined), path)
}

/** Synchronous {@link loadManifest}, for configs evaluated synchronously (Ponder's). */
export function loadManifestSync(path = defaultManifestPath()): Manifest {
  let text: string | undefined
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    text = undefined
  }
  return parseManifestText(text, path)
}
