/** Fixtures the fiat suites and the fiat benchmark share. */

/** The order every fiat suite starts from: 100 US dollars of ETH on ethereum, bought from the US. */
export const buyEthFor100Usd = {
  side: 'buy',
  country: 'US',
  fiatCurrency: 'USD',
  fiatAmount: '100',
  crypto: 'ETH',
  network: 'ethereum',
} as const
