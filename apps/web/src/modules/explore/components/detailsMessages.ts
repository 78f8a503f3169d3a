import { defineMessages } from '../../../lib/messages.ts'

/** The token and pool pages' texts (the tables' reuse exploreMessages). */
export const dm = defineMessages({
  notFoundTitle: { id: 'page.notFound.title', defaultMessage: 'Page not found' },
  notFoundBody: { id: 'page.notFound.body', defaultMessage: 'This page does not exist or is not available.' },
  range: {
    id: 'explore.chart.range',
    defaultMessage: '{range, select, HOUR {1H} DAY {1D} WEEK {1W} MONTH {1M} YEAR {1Y} other {All}}',
  },
  rangeGroup: { id: 'explore.chart.rangeGroup', defaultMessage: 'Chart range' },
  kind: { id: 'explore.chart.kind', defaultMessage: '{kind, select, line {Line} other {Candlestick}}' },
  chartLabel: { id: 'explore.chart.label', defaultMessage: '{symbol} price chart' },
  poolChartLabel: { id: 'explore.chart.poolLabel', defaultMessage: '{base} price in {quote} chart' },
  chartEmpty: { id: 'explore.chart.empty', defaultMessage: 'No trades in this range' },
  marketCap: { id: 'explore.stat.marketCap', defaultMessage: 'Market cap' },
  high52w: { id: 'explore.stat.high52w', defaultMessage: '52W high' },
  low52w: { id: 'explore.stat.low52w', defaultMessage: '52W low' },
  stats: { id: 'explore.stats', defaultMessage: 'Stats' },
  swap: { id: 'explore.token.swap', defaultMessage: 'Swap {symbol}' },
  info: { id: 'explore.token.info', defaultMessage: 'Info' },
  address: { id: 'explore.token.address', defaultMessage: 'Contract address' },
  copy: { id: 'explore.token.copy', defaultMessage: 'Copy address' },
  explorer: { id: 'explore.token.explorer', defaultMessage: 'View on {explorer}' },
  otherNetworks: { id: 'explore.token.otherNetworks', defaultMessage: 'Also on' },
  balances: { id: 'explore.token.balances', defaultMessage: 'Your balances' },
  buyFee: { id: 'explore.token.buyFee', defaultMessage: 'Buy fee' },
  sellFee: { id: 'explore.token.sellFee', defaultMessage: 'Sell fee' },
  documentTitle: {
    id: 'seo.title.token.named',
    defaultMessage: '{name} ({symbol}) on {network} | Oxbow Interface',
  },
  addLiquidity: { id: 'explore.pool.addLiquidity', defaultMessage: 'Add liquidity' },
  depth: { id: 'explore.pool.depth', defaultMessage: 'Liquidity by price' },
  fees1d: { id: 'explore.pool.fees1d', defaultMessage: '1D fees' },
  reserves: { id: 'explore.pool.reserves', defaultMessage: 'Pool balances' },
  poolId: { id: 'explore.pool.id', defaultMessage: 'Pool ID' },
  safety: {
    id: 'explore.safety',
    defaultMessage:
      '{level, select, blocked {This token is blocked: it cannot be traded here.} medium {Caution: this token is not widely traded or charges fees on transfers. Check it before trading.} malicious {Warning: this token is reported as malicious.} spam {Warning: this token is reported as spam.} honeypot {Warning: this token can be bought but may not be sellable (honeypot).} impersonator {Warning: this token impersonates another token.} other {}}',
  },
})
