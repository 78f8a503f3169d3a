/**
 * Ethereum's flagged tokens (universe.ts `flaggedTokenSpecs`): one the token list blocks and one
 * reported as malicious, so the screens of those safety levels have a real token to show. Deployed
 * after everything else (rewards included), so no other deployment's address moves; no pools, no
 * balances: a blocked token cannot be traded here, and nothing should route through a drainer.
 */
import type { ManifestToken } from '@oxbow/protocol'
import { flaggedTokenSpecs } from '../universe.ts'
import type { SeedOptions } from './model.ts'
import { deployToken } from './tokens.ts'

/** The networks that get the flagged tokens. */
export const FLAGGED_TOKEN_NETWORKS = ['ethereum'] as const

export async function deployFlaggedTokens(
  options: Pick<SeedOptions, 'sender' | 'compiled'>,
): Promise<ManifestToken[]> {
  const tokens: ManifestToken[] = []
  for (const spec of flaggedTokenSpecs) tokens.push((await deployToken(options, spec)).token)
  return tokens
}
