import type { IntlShape } from 'react-intl'
import { screeningMessages } from '../../screening/index.ts'
import type { SwapToken } from '../hooks/useTokenList.ts'
import type { QuoteError } from '../services/errors.ts'
import type { SwapButtonState } from '../state/swapFormButton.ts'
import { swapMessages as sm } from './swapMessages.ts'
import { notRoutableReason } from './TokenSelector.tsx'

const buttonMessages = {
  connect: sm.connectWallet,
  blocked: screeningMessages.button,
  invalidRecipient: sm.invalidRecipient,
  selectToken: sm.selectToken,
  enterAmount: sm.enterAmount,
  insufficientBalance: sm.insufficientBalance,
  insufficientGas: sm.insufficientGas,
  switchNetwork: sm.switchNetwork,
  wrap: sm.wrap,
  unwrap: sm.unwrap,
  review: sm.review,
} as const

const quoteErrorMessages = {
  noQuotes: sm.noQuotes,
  unsupportedNetwork: sm.unsupportedNetwork,
  unsupportedToken: sm.unsupportedToken,
  rateLimited: sm.rateLimited,
  generic: sm.somethingWrong,
} as const

/** The swap box's main button label for its state. */
export function swapButtonText(intl: IntlShape, state: SwapButtonState): string {
  return intl.formatMessage(buttonMessages[state.kind], {
    symbol: 'symbol' in state ? state.symbol : '',
    network: 'network' in state ? state.network : '',
  })
}

/** A failed quote's line; `refused` is the token the API refuses to route, if the form knows it. */
export function swapQuoteErrorText(
  intl: IntlShape,
  error: QuoteError,
  refused: SwapToken | undefined,
): string {
  // The API's reason is English: say it from the refused token's own fields instead.
  const reason = refused ? notRoutableReason(intl, refused) : undefined
  return intl.formatMessage(quoteErrorMessages[error.kind], {
    reason: reason ?? intl.formatMessage(sm.unsupportedTokenUnknown),
  })
}
