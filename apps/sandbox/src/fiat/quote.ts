/** Quote pricing of the ramp providers: fees, network fee, limits and the provider's typed errors. */
import { randomUUID } from 'node:crypto'
import type { SandboxQuote } from '@oxbow/api-contract/fiat-sandbox'
import { DEFAULT_NETWORK_FEE_USD, fiatUsd, networkFeeUsd, type RampProvider, type Side } from './catalog.ts'
import type { Treasury } from './treasury.ts'

export class QuoteError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export const toUnits = (value: number, decimals: number): bigint => {
  const shown = Math.min(decimals, 12)
  return BigInt(Math.floor(value * 10 ** shown)) * 10n ** BigInt(decimals - shown)
}
const money = (value: number) => value.toFixed(2)

/** Prices a quote; throws a QuoteError with the provider's code for anything it does not offer. */
export function priceQuote(
  provider: RampProvider,
  treasury: Treasury,
  input: { side: string; country: string; fiat: string; crypto: string; network: string; amount: string },
): SandboxQuote {
  if (input.side !== 'buy' && input.side !== 'sell')
    throw new QuoteError('invalid_side', 'side is buy or sell')
  const side: Side = input.side
  if (!provider.sides.includes(side))
    throw new QuoteError('unsupported_side', `${provider.name} does not ${side}`)
  const currencies = provider.countries[input.country]
  if (!currencies) throw new QuoteError('unsupported_country', 'Not supported in this country')
  const rate = fiatUsd[input.fiat]
  if (!currencies.includes(input.fiat) || rate === undefined)
    throw new QuoteError('unsupported_currency', 'Currency not supported in this country', {
      supportedCurrencies: currencies,
    })
  const asset = treasury.asset(input.crypto, input.network)
  if (!asset) throw new QuoteError('unsupported_crypto', 'Crypto not supported on this network')
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(input.amount))
    throw new QuoteError('invalid_amount', 'amount is a decimal')
  const amount = Number(input.amount)
  const min = Math.ceil(provider.minAmount / rate)
  const max = Math.floor(provider.maxAmount / rate)
  if (amount < min) throw new QuoteError('below_minimum', `Minimum ${min}`, { minAmount: String(min) })
  if (amount > max) throw new QuoteError('above_maximum', `Maximum ${max}`, { maxAmount: String(max) })
  const fee = Math.max((amount * provider.feePercent) / 100, provider.minFee / rate)
  const networkFee = (networkFeeUsd[input.network] ?? DEFAULT_NETWORK_FEE_USD) / rate
  const net = amount - fee - networkFee
  if (net <= 0) throw new QuoteError('below_minimum', `Minimum ${min}`, { minAmount: String(min) })
  const cryptoValueUsd = (side === 'buy' ? net : amount) * rate
  return {
    quoteId: randomUUID(),
    side,
    country: input.country,
    fiatCurrency: input.fiat,
    fiatAmount: money(amount),
    feeAmount: money(fee),
    networkFeeAmount: money(networkFee),
    totalFiat: money(side === 'buy' ? amount : net),
    crypto: asset.symbol,
    network: asset.network,
    cryptoAmount: toUnits(cryptoValueUsd / asset.priceUsd, asset.decimals).toString(),
    cryptoDecimals: asset.decimals,
    etaSeconds: provider.etaSeconds,
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
  }
}
