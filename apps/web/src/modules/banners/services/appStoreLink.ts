/**
 * Where the mobile-app promo sends people (spec section 9: "Mobile app store links vary by in-app
 * wallet browser, otherwise a default link"). Each link is the Oxbow app's store link, which opens
 * the App Store or Google Play for the device; a wallet's in-app browser gets a link of its own so
 * the store visit is attributed to that wallet (and the wallet's browser hands it to the store).
 * The default is the company menu's wallet-app link (config's siteLinks), one address for both.
 */
import { siteLinks } from '../../config/index.ts'

export const DEFAULT_APP_STORE_LINK = siteLinks.walletApp

export interface InAppWalletBrowser {
  readonly name: string
  /** What the wallet's in-app browser adds to the user agent. */
  readonly userAgent: RegExp
  readonly appStoreLink: string
}

export const IN_APP_WALLET_BROWSERS: readonly InAppWalletBrowser[] = [
  {
    name: 'MetaMask',
    userAgent: /\bMetaMaskMobile\b/,
    appStoreLink: `${DEFAULT_APP_STORE_LINK}?source=metamask`,
  },
  {
    name: 'Coinbase Wallet',
    userAgent: /\bCoinbaseWallet\b/,
    appStoreLink: `${DEFAULT_APP_STORE_LINK}?source=coinbase-wallet`,
  },
  {
    name: 'Trust Wallet',
    userAgent: /\bTrust\//,
    appStoreLink: `${DEFAULT_APP_STORE_LINK}?source=trust-wallet`,
  },
  { name: 'Phantom', userAgent: /\bPhantom\b/, appStoreLink: `${DEFAULT_APP_STORE_LINK}?source=phantom` },
]

/** The app store link for this browser: its in-app wallet browser's own, else the default. */
export function appStoreLink(userAgent: string): string {
  return (
    IN_APP_WALLET_BROWSERS.find((browser) => browser.userAgent.test(userAgent))?.appStoreLink ??
    DEFAULT_APP_STORE_LINK
  )
}
