/**
 * The product's own pages outside this app, one home for each: the company menu, the connect
 * view's agreement line and the mobile-app promo link to them. (The governance site and the wallet
 * profile site are operator settings: `governanceUrl` and `walletProfileUrl` of the runtime config.)
 */
export const siteLinks = {
  /** The company's about page. */
  about: 'https://oxbow.exchange/about',
  /** The mobile wallet app's default store link (the spec: the link varies by in-app wallet browser, else this one). */
  walletApp: 'https://oxbow.exchange/wallet/download',
  /** The browser-extension wallet's store listing. */
  browserExtension: 'https://oxbow.exchange/wallet/extension',
  /** Developer documentation (protocol, SDKs, contracts). */
  developers: 'https://docs.oxbow.exchange/',
  /** The trading API's documentation. */
  tradingApi: 'https://docs.oxbow.exchange/trading-api',
  /** The help article on passkeys (the passkey menu's help link). */
  passkeyHelp: 'https://oxbow.exchange/help/passkeys',
  termsOfService: 'https://oxbow.exchange/terms-of-service',
  privacyPolicy: 'https://oxbow.exchange/privacy-policy',
} as const satisfies Record<string, `https://${string}`>
