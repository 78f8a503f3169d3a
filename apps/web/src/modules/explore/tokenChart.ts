/**
 * The token price history (the indexer's USD candles) for other modules' charts, apart from the
 * explore screens' entry so importing it does not pull them in (the liquidity position page's chart).
 */
export { type Candle, fetchTokenChart } from './services/tokenData.ts'
