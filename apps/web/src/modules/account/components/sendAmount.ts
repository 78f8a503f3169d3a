import { formatTokenAmount, parseAmountInput } from '@oxbow/core'
import type { PortfolioBalance } from '../services/portfolioData.ts'

/** The send form's amount: fiat input has this many decimals. */
export const FIAT_DECIMALS = 6

export function priceOf(balance: PortfolioBalance | undefined): number | null {
  if (!balance || balance.valueUsd === null) return null
  const units = Number(balance.amount) / 10 ** balance.token.decimals
  return units > 0 ? Number(balance.valueUsd) / units : null
}

/** Token units for a fiat amount at `price` (fiat per token), at the token's precision. */
export function fiatToUnits(fiat: number, price: number, decimals: number): bigint | null {
  if (!(price > 0) || !Number.isFinite(fiat)) return null
  const tokens = fiat / price
  if (!Number.isFinite(tokens) || tokens > 1e30) return null
  try {
    return parseAmountInput(tokens.toFixed(Math.min(decimals, 20)), decimals)
  } catch {
    return null
  }
}

/**
 * The typed amount in token units: typed in tokens, or in fiat converted at `priceInFiat`; more
 * decimals than allowed is `tooPrecise` (no amount).
 */
export function parseSendAmount(
  amountText: string,
  tokenInput: boolean,
  decimals: number,
  priceInFiat: number | null,
): { amount: bigint | null; tooPrecise: boolean } {
  let amount: bigint | null = null
  let tooPrecise = false
  if (amountText.trim() !== '') {
    try {
      amount = tokenInput
        ? parseAmountInput(amountText, decimals)
        : priceInFiat === null
          ? null
          : fiatToUnits(
              Number(parseAmountInput(amountText, FIAT_DECIMALS)) / 10 ** FIAT_DECIMALS,
              priceInFiat,
              decimals,
            )
    } catch {
      tooPrecise = true
    }
  }
  return { amount, tooPrecise }
}

/** The amount as the other input shows it: in fiat at `priceInFiat`, or back in tokens. */
export function toggledAmountText(
  amount: bigint,
  decimals: number,
  priceInFiat: number,
  toFiat: boolean,
): string {
  if (toFiat) {
    const fiat = (Number(amount) / 10 ** decimals) * priceInFiat
    return fiat.toFixed(FIAT_DECIMALS).replace(/\.?0+$/, '')
  }
  return formatTokenAmount(amount, decimals, { locale: 'en-US', significantDigits: 21 }).replace(/,/g, '')
}
