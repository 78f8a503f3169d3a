/**
 * The price chart's code (lightweight-charts has its own chunk, only for the pages that draw charts).
 * Started with the page's data, not after it arrived: by the pages, their route loaders and links.
 */
export const loadPriceChart = () => import('./PriceChart.tsx')
