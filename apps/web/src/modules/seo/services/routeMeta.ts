import type { MessageDescriptor } from 'react-intl'
import { ALL_NETWORKS, exploreTabAndNetwork } from '../../../lib/exploreTabs.ts'
import { defineMessages } from '../../../lib/messages.ts'
import { findNetwork } from '../../config/index.ts'

export const INTERFACE_NAME = 'Oxbow Interface'

const m = defineMessages({
  defaultTitle: { id: 'seo.title.default', defaultMessage: 'Oxbow Interface' },
  defaultDescription: {
    id: 'seo.description.default',
    defaultMessage: 'Swap crypto and provide liquidity on 14+ networks with Oxbow.',
  },
  swap: { id: 'seo.title.swap', defaultMessage: 'Swap tokens | Oxbow Interface' },
  swapDescription: {
    id: 'seo.description.swap',
    defaultMessage: 'Swap tokens at the best price across v2, v3 and v4 pools.',
  },
  buy: { id: 'seo.title.buy', defaultMessage: 'Buy crypto | Oxbow Interface' },
  sell: { id: 'seo.title.sell', defaultMessage: 'Sell crypto | Oxbow Interface' },
  send: { id: 'seo.title.send', defaultMessage: 'Send tokens | Oxbow Interface' },
  limit: { id: 'seo.title.limit', defaultMessage: 'Limit order | Oxbow Interface' },
  exploreTokens: {
    id: 'seo.title.explore.tokens',
    defaultMessage: 'Explore top tokens on {network} | Oxbow Interface',
  },
  explorePools: {
    id: 'seo.title.explore.pools',
    defaultMessage: 'Explore top pools on {network} | Oxbow Interface',
  },
  exploreTransactions: {
    id: 'seo.title.explore.transactions',
    defaultMessage: 'Explore transactions on {network} | Oxbow Interface',
  },
  exploreTokensAll: {
    id: 'seo.title.explore.tokens.all',
    defaultMessage: 'Explore top tokens on all networks | Oxbow Interface',
  },
  explorePoolsAll: {
    id: 'seo.title.explore.pools.all',
    defaultMessage: 'Explore top pools on all networks | Oxbow Interface',
  },
  exploreTransactionsAll: {
    id: 'seo.title.explore.transactions.all',
    defaultMessage: 'Explore transactions on all networks | Oxbow Interface',
  },
  exploreDescription: {
    id: 'seo.description.explore',
    defaultMessage: 'Discover and research tokens, pools and transactions on {network}.',
  },
  token: { id: 'seo.title.token', defaultMessage: 'Token {address} on {network} | Oxbow Interface' },
  pool: { id: 'seo.title.pool', defaultMessage: 'Pool {address} on {network} | Oxbow Interface' },
  positions: { id: 'seo.title.positions', defaultMessage: 'Your liquidity positions | Oxbow Interface' },
  createPosition: {
    id: 'seo.title.createPosition',
    defaultMessage: 'Create a {version} position | Oxbow Interface',
  },
  position: { id: 'seo.title.position', defaultMessage: '{version} position on {network} | Oxbow Interface' },
  addLiquidity: { id: 'seo.title.add', defaultMessage: 'Add {version} liquidity | Oxbow Interface' },
  removeLiquidity: { id: 'seo.title.remove', defaultMessage: 'Remove {version} liquidity | Oxbow Interface' },
  migrate: { id: 'seo.title.migrate', defaultMessage: 'Migrate {version} liquidity | Oxbow Interface' },
  liquidityDescription: {
    id: 'seo.description.liquidity',
    defaultMessage: 'Provide {version} liquidity and earn fees on every swap.',
  },
  passkeyLogin: { id: 'seo.title.passkeyLogin', defaultMessage: 'Log in with a passkey | Oxbow Interface' },
  managePasskeys: { id: 'seo.title.managePasskeys', defaultMessage: 'Manage passkeys | Oxbow Interface' },
  extensionUninstall: {
    id: 'seo.title.extensionUninstall',
    defaultMessage: 'Sorry to see you go | Oxbow Interface',
  },
  nfts: { id: 'seo.title.nfts', defaultMessage: 'NFTs | Oxbow Interface' },
  notFound: { id: 'seo.title.notFound', defaultMessage: 'Page not found | Oxbow Interface' },
})

export interface RouteMeta {
  readonly title: MessageDescriptor
  readonly description: MessageDescriptor
  readonly values: Readonly<Record<string, string>>
}

/** Network shown in a title: the path's network, else Ethereum (the explore default). */
function networkName(slug: string | undefined): string {
  return findNetwork(slug)?.name ?? findNetwork('ethereum')?.name ?? 'Ethereum'
}

function shortHex(value: string | undefined): string {
  if (!value) return ''
  return value.length > 12 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value
}

/** A path segment decoded, or as it is when its escapes are malformed (e.g. a lone %E0). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function liquidity(title: MessageDescriptor, version: string, extra: Record<string, string> = {}): RouteMeta {
  return { title, description: m.liquidityDescription, values: { version, ...extra } }
}

/**
 * Title and description of a path (as message descriptors, so they translate). Explore titles
 * depend on tab and network; liquidity titles on v2/v3/v4; anything else gets the interface name.
 */
export function routeMeta(pathname: string, search = ''): RouteMeta {
  const parts = pathname.split('/').filter(Boolean).map(decodeSegment)
  const [first, second, third, fourth] = parts
  const plain = (
    title: MessageDescriptor,
    description: MessageDescriptor = m.defaultDescription,
  ): RouteMeta => ({
    title,
    description,
    values: {},
  })
  switch (first) {
    case undefined:
      return plain(m.defaultTitle)
    case 'swap':
      return plain(m.swap, m.swapDescription)
    case 'buy':
      return plain(m.buy, m.swapDescription)
    case 'sell':
      return plain(m.sell, m.swapDescription)
    case 'send':
      return plain(m.send, m.swapDescription)
    case 'limit':
      return plain(m.limit, m.swapDescription)
    case 'explore': {
      // A malformed address or pool id is the page's not-found state: its title says so rather
      // than echo the path (which may hold anything, bidi overrides included).
      if (
        fourth &&
        !(second === 'pools' ? /^0x[\da-f]{40}([\da-f]{24})?$/i : /^0x[\da-f]{40}$/i).test(fourth)
      )
        return plain(m.notFound)
      if (second === 'tokens' && third && fourth) {
        return {
          title: m.token,
          description: m.exploreDescription,
          values: { address: shortHex(fourth), network: networkName(third) },
        }
      }
      if (second === 'pools' && third && fourth) {
        return {
          title: m.pool,
          description: m.exploreDescription,
          values: { address: shortHex(fourth), network: networkName(third) },
        }
      }
      const { tab, network: chain } = exploreTabAndNetwork(second, third)
      // The network selector's "All networks" (?networks=all, explore's own parameter).
      if (new URLSearchParams(search).get('networks') === ALL_NETWORKS) {
        const title =
          tab === 'pools'
            ? m.explorePoolsAll
            : tab === 'transactions'
              ? m.exploreTransactionsAll
              : m.exploreTokensAll
        return { title, description: m.defaultDescription, values: {} }
      }
      const title =
        tab === 'pools' ? m.explorePools : tab === 'transactions' ? m.exploreTransactions : m.exploreTokens
      return { title, description: m.exploreDescription, values: { network: networkName(chain) } }
    }
    case 'positions':
      if (second === 'create') return liquidity(m.createPosition, third ?? 'v4')
      if (second === 'v2' || second === 'v3' || second === 'v4') {
        return liquidity(m.position, second, { network: networkName(third) })
      }
      return liquidity(m.positions, 'v4')
    case 'add':
      return liquidity(m.addLiquidity, second === 'v2' ? 'v2' : 'v3')
    case 'remove':
      return liquidity(m.removeLiquidity, second === 'v2' ? 'v2' : 'v3')
    case 'migrate':
      return liquidity(m.migrate, second === 'v3' ? 'v3' : 'v2')
    case 'auth':
      return plain(m.passkeyLogin)
    case 'manage':
      return plain(m.managePasskeys)
    case 'extension':
      return plain(m.extensionUninstall)
    case 'nfts':
      return plain(m.nfts)
    case 'not-found':
      return plain(m.notFound)
    default:
      return plain(m.defaultTitle)
  }
}
