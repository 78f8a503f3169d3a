import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router'
import { isExploreTab } from '../lib/exploreTabs.ts'
import { getRuntimeConfig, isKnownNetwork as isNetworkSlug } from '../modules/config/index.ts'
import LandingPage from '../pages/LandingPage.tsx'
import SwapPage from '../pages/SwapPage.tsx'
import { AppLayout } from './AppLayout.tsx'
import { AppShell } from './AppShell.tsx'
import { lazyPage } from './lazyPage.tsx'
import { PageError, RootError } from './RouteErrors.tsx'
import type { RouteHandle } from './routeHandle.ts'

const notFound = () => redirect('/not-found')

/** The spec: an unknown explore tab is logged; it then lands on the not-found page. */
function unknownExplore(path: string) {
  console.warn('explore: unknown tab or network', JSON.stringify(path.slice(0, 200)))
  return notFound()
}

/** Redirect keeping the query string (e.g. /limits?chain=base -> /limit?chain=base). */
function to(path: string) {
  return ({ request }: LoaderFunctionArgs) => redirect(path + new URL(request.url).search)
}

function requireChains(...names: string[]) {
  return ({ params }: LoaderFunctionArgs) => {
    for (const name of names) {
      const value = params[name]
      if (value !== undefined && !isNetworkSlug(value)) throw notFound()
    }
    return null
  }
}

/**
 * Explore's screens start their data (and the token chart's code) as their route is entered, while
 * the page's chunk loads, instead of after the page rendered: the loaders do not wait for it. The
 * explore module is the page chunk's own module, so this adds no download.
 */
const explore = () => import('../modules/explore/index.ts')
function prefetch(
  client: QueryClient | undefined,
  start: (m: Awaited<ReturnType<typeof explore>>, client: QueryClient) => void,
): null {
  // A failed chunk is the page's matter (lazyPage shows the retry screen).
  if (client)
    explore().then(
      (m) => start(m, client),
      () => undefined,
    )
  return null
}

const isTokenId = (value: string | undefined) => value !== undefined && /^\d{1,78}$/.test(value)

/** The landing and swap screens are the critical ones: bundled with the entry, no chunk round trip. */
const eager = (Component: ComponentType) => async () => ({ Component })

const pages = {
  landing: eager(LandingPage),
  swap: eager(SwapPage),
  limit: lazyPage(() => import('../pages/LimitPage.tsx')),
  explore: lazyPage(() => import('../pages/ExplorePage.tsx')),
  token: lazyPage(() => import('../pages/TokenDetailsPage.tsx')),
  pool: lazyPage(() => import('../pages/PoolDetailsPage.tsx')),
  positions: lazyPage(() => import('../pages/PositionsPage.tsx')),
  createPosition: lazyPage(() => import('../pages/CreatePositionPage.tsx')),
  position: lazyPage(() => import('../pages/PositionPage.tsx')),
  migrate: lazyPage(() => import('../pages/MigratePage.tsx')),
  add: lazyPage(() => import('../pages/AddLiquidityPage.tsx')),
  remove: lazyPage(() => import('../pages/RemoveLiquidityPage.tsx')),
  passkeyExtension: lazyPage(() => import('../pages/PasskeyExtensionPage.tsx')),
  managePasskey: lazyPage(() => import('../pages/ManagePasskeyPage.tsx')),
  extensionUninstall: lazyPage(() => import('../pages/ExtensionUninstallPage.tsx')),
  nfts: lazyPage(() => import('../pages/NftsPage.tsx')),
  notFound: lazyPage(() => import('../pages/NotFoundPage.tsx')),
}

/**
 * Every route and redirect of the spec's routes table (section 2) inside the app chrome; '/' is apart.
 * `client` is the app's query cache, which the explore loaders fill ahead of their pages.
 */
export const createPageRoutes = (client?: QueryClient): RouteObject[] => [
  // Trade
  { path: 'swap', lazy: pages.swap },
  { path: 'buy', lazy: pages.swap },
  { path: 'sell', lazy: pages.swap },
  { path: 'send', lazy: pages.swap },
  { path: 'limit', lazy: pages.limit, handle: { flag: 'limits' } satisfies RouteHandle },
  { path: 'limits', loader: to('/limit') },
  // Explore
  {
    path: 'explore',
    lazy: pages.explore,
    loader: ({ params, request }) =>
      prefetch(client, (m, c) => m.prefetchExplore(c, params, new URL(request.url).searchParams)),
  },
  {
    path: 'explore/:tab',
    lazy: pages.explore,
    loader: ({ params, request }) => {
      const tab = params.tab ?? ''
      if (!isExploreTab(tab) && !isNetworkSlug(tab)) throw unknownExplore(tab)
      return prefetch(client, (m, c) => m.prefetchExplore(c, params, new URL(request.url).searchParams))
    },
  },
  {
    path: 'explore/:tab/:chainName',
    lazy: pages.explore,
    loader: ({ params, request }) => {
      if (!isExploreTab(params.tab) || !isNetworkSlug(params.chainName ?? '')) {
        throw unknownExplore(`${params.tab}/${params.chainName}`)
      }
      return prefetch(client, (m, c) => m.prefetchExplore(c, params, new URL(request.url).searchParams))
    },
  },
  {
    path: 'explore/tokens/:chainName/:tokenAddress',
    lazy: pages.token,
    loader: (args) => {
      requireChains('chainName')(args)
      const { chainName = '', tokenAddress = '' } = args.params
      return prefetch(client, (m, c) => m.prefetchToken(c, chainName, tokenAddress))
    },
  },
  {
    path: 'explore/pools/:chainName/:poolAddress',
    lazy: pages.pool,
    loader: (args) => {
      requireChains('chainName')(args)
      const { chainName = '', poolAddress = '' } = args.params
      return prefetch(client, (m, c) => m.prefetchPool(c, chainName, poolAddress))
    },
  },
  { path: 'tokens', loader: to('/explore/tokens') },
  {
    path: 'tokens/:chainName',
    loader: ({ params }) => redirect(`/explore/tokens/${encodeURIComponent(params.chainName ?? '')}`),
  },
  {
    path: 'tokens/:chainName/:tokenAddress',
    loader: ({ params }) =>
      redirect(
        `/explore/tokens/${encodeURIComponent(params.chainName ?? '')}/${encodeURIComponent(params.tokenAddress ?? '')}`,
      ),
  },
  // Governance lives on its own site.
  {
    path: 'vote/*',
    loader: ({ params }) => redirect(new URL(params['*'] ?? '', `${getRuntimeConfig().governanceUrl}/`).href),
  },
  { path: 'vote', loader: () => redirect(`${getRuntimeConfig().governanceUrl}/`) },
  { path: 'create-proposal', loader: () => redirect('/vote/create-proposal') },
  // Liquidity
  { path: 'positions', lazy: pages.positions },
  { path: 'positions/create', lazy: pages.createPosition },
  {
    path: 'positions/create/:protocolVersion',
    lazy: pages.createPosition,
    loader: ({ params }) => (['v2', 'v3', 'v4'].includes(params.protocolVersion ?? '') ? null : notFound()),
  },
  { path: 'positions/v2/:chainName/:pairAddress', lazy: pages.position, loader: requireChains('chainName') },
  {
    path: 'positions/v3/:chainName/:tokenId',
    lazy: pages.position,
    loader: (args) => (isTokenId(args.params.tokenId) ? requireChains('chainName')(args) : notFound()),
  },
  {
    path: 'positions/v4/:chainName/:tokenId',
    lazy: pages.position,
    loader: (args) => (isTokenId(args.params.tokenId) ? requireChains('chainName')(args) : notFound()),
  },
  { path: 'migrate/v2', lazy: pages.migrate, handle: { flag: 'migrate' } satisfies RouteHandle },
  { path: 'migrate/v2/:address', lazy: pages.migrate, handle: { flag: 'migrate' } satisfies RouteHandle },
  {
    path: 'migrate/v2/:chainName/:pairAddress',
    lazy: pages.migrate,
    handle: { flag: 'migrate' } satisfies RouteHandle,
    loader: requireChains('chainName'),
  },
  {
    path: 'migrate/v3/:chainName/:tokenId',
    lazy: pages.migrate,
    handle: { flag: 'migrate' } satisfies RouteHandle,
    loader: (args) => (isTokenId(args.params.tokenId) ? requireChains('chainName')(args) : notFound()),
  },
  // Legacy pool URLs.
  { path: 'pool', loader: to('/positions') },
  { path: 'pools', loader: to('/positions') },
  { path: 'pool/v2', loader: to('/positions') },
  { path: 'pool/v2/find', loader: to('/positions/create/v2') },
  { path: 'pools/v2/find', loader: to('/positions/create/v2') },
  {
    path: 'pool/:tokenId',
    loader: ({ params }) =>
      isTokenId(params.tokenId) ? redirect(`/positions/v3/ethereum/${params.tokenId}`) : notFound(),
  },
  {
    path: 'pools/:tokenId',
    loader: ({ params }) =>
      isTokenId(params.tokenId) ? redirect(`/positions/v3/ethereum/${params.tokenId}`) : notFound(),
  },
  { path: 'add/v2', lazy: pages.add },
  { path: 'add/v2/:currencyIdA', lazy: pages.add },
  { path: 'add/v2/:currencyIdA/:currencyIdB', lazy: pages.add },
  { path: 'add/:currencyIdA', lazy: pages.add },
  { path: 'add/:currencyIdA/:currencyIdB', lazy: pages.add },
  { path: 'add/:currencyIdA/:currencyIdB/:feeAmount', lazy: pages.add },
  { path: 'add/:currencyIdA/:currencyIdB/:feeAmount/:tokenId', lazy: pages.add },
  { path: 'remove/v2/:currencyIdA/:currencyIdB', lazy: pages.remove },
  {
    path: 'remove/:tokenId',
    lazy: pages.remove,
    loader: ({ params }) => (isTokenId(params.tokenId) ? null : notFound()),
  },
  // Accounts
  {
    path: 'auth/passkey/extension',
    lazy: pages.passkeyExtension,
    handle: { flag: 'passkeyExtensionLogin' } satisfies RouteHandle,
  },
  {
    path: 'manage/passkey/:walletAddress',
    lazy: pages.managePasskey,
    handle: { flag: 'embeddedWallet' } satisfies RouteHandle,
  },
  { path: 'extension/uninstall', lazy: pages.extensionUninstall },
  // NFTs
  { path: 'nfts', lazy: pages.nfts, handle: { flag: 'nfts' } satisfies RouteHandle },
  {
    path: 'nfts/collection/:contractAddress',
    lazy: pages.nfts,
    handle: { flag: 'nfts' } satisfies RouteHandle,
  },
  // Wallet profiles live outside the app.
  {
    path: 'address/*',
    loader: ({ params }) =>
      redirect(new URL(`address/${params['*'] ?? ''}`, `${getRuntimeConfig().walletProfileUrl}/`).href),
  },
  { path: 'not-found', lazy: pages.notFound },
  { path: '*', loader: notFound },
]

const NoFallback = () => null

/** The app's route tree; `client` is its query cache (see createPageRoutes). */
export const createRoutes = (client?: QueryClient): RouteObject[] => [
  {
    path: '/',
    element: <AppShell />,
    errorElement: <RootError />,
    // The first lazy page is fetched before the first paint; nothing is shown meanwhile (no flash).
    HydrateFallback: NoFallback,
    children: [
      // The landing renders without the app chrome (spec section 2).
      { index: true, lazy: pages.landing, errorElement: <PageError /> },
      {
        element: <AppLayout />,
        children: [{ errorElement: <PageError />, children: createPageRoutes(client) }],
      },
    ],
  },
]
