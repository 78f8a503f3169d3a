/** A network's token catalogue for trading: the manifest's tokens and the native currency. */
import { getNetwork, type NetworkSlug } from '@oxbow/chains'
import { NATIVE_CURRENCY_ADDRESS } from '@oxbow/core'
import type { ManifestToken, NetworkDeployment } from '@oxbow/protocol'
import type { Address } from 'viem'
import type { TokenInfo } from './types.ts'

/**
 * The tokens of a network by lowercase address, the ones the router refuses (with the reason), and
 * the deployment's seeded USD reference per token (for weighing gas, never answered as a price).
 */
export function networkTokens(slug: NetworkSlug, deployment: NetworkDeployment) {
  const tokens = new Map<string, TokenInfo>()
  const excluded = new Map<Address, string>()
  const weth = deployment.tokens.find((t) => t.address === deployment.contracts.weth9)
  const nativeUsd = weth?.seedPriceUsd ?? 1
  const network = getNetwork(slug)
  tokens.set(NATIVE_CURRENCY_ADDRESS.toLowerCase(), {
    address: NATIVE_CURRENCY_ADDRESS,
    symbol: network.nativeCurrency.symbol,
    name: network.nativeCurrency.name,
    decimals: network.nativeCurrency.decimals,
    native: true,
    kind: 'native',
    safety: 'verified',
    transferFeeBps: 0,
  })
  for (const t of deployment.tokens) {
    const reason = exclusionReason(t)
    if (reason) excluded.set(t.address, reason)
    tokens.set(t.address.toLowerCase(), {
      address: t.address,
      symbol: t.symbol,
      name: t.name,
      decimals: t.decimals,
      native: false,
      kind: t.kind,
      safety: t.safety,
      transferFeeBps: t.transferFeeBps,
      ...(reason ? { notRoutable: reason } : {}),
    })
  }
  const reference = new Map(deployment.tokens.map((t) => [t.address.toLowerCase(), t.seedPriceUsd]))
  reference.set(NATIVE_CURRENCY_ADDRESS.toLowerCase(), nativeUsd)
  return { tokens, excluded, reference }
}

/** Tokens the router refuses, from the manifest's kind and safety. */
export function exclusionReason(token: ManifestToken): string | undefined {
  if (token.kind === 'fee-on-transfer' || token.transferFeeBps > 0) {
    return `fee-on-transfer token (${token.transferFeeBps / 100} % taken on every transfer): quotes would not match what arrives`
  }
  if (token.kind === 'honeypot' || token.safety === 'honeypot')
    return 'honeypot token: it can be bought but not sold'
  if (token.safety === 'malicious' || token.safety === 'blocked') return `token is marked ${token.safety}`
  return undefined
}
