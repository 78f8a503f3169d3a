import assert from 'node:assert/strict'
import { test } from 'node:test'
import { appStoreLink, DEFAULT_APP_STORE_LINK, IN_APP_WALLET_BROWSERS } from './appStoreLink.ts'

const linkOf = (name: string) => IN_APP_WALLET_BROWSERS.find((browser) => browser.name === name)?.appStoreLink

test('behavior: a wallet in-app browser gets its own app store link', () => {
  const cases: [string, string][] = [
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 WebView MetaMaskMobile',
      'MetaMask',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0 Mobile Safari/537.36 CoinbaseWallet/29.12.0',
      'Coinbase Wallet',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0 Mobile Safari/537.36 Trust/8.30',
      'Trust Wallet',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Phantom/ios',
      'Phantom',
    ],
  ]
  for (const [userAgent, name] of cases) {
    const expected = linkOf(name)
    assert.ok(expected, name)
    assert.equal(appStoreLink(userAgent), expected, name)
  }
  const links = IN_APP_WALLET_BROWSERS.map((browser) => browser.appStoreLink)
  assert.equal(new Set([...links, DEFAULT_APP_STORE_LINK]).size, links.length + 1, 'every link differs')
})

test('behavior: any other browser gets the default link', () => {
  for (const userAgent of [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    '',
  ]) {
    assert.equal(appStoreLink(userAgent), DEFAULT_APP_STORE_LINK)
  }
})
