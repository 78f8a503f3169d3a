import { MAX_OPEN_LIMIT_ORDERS } from '@oxbow/core'
import type { IntlShape } from 'react-intl'
import { screeningMessages } from '../../screening/index.ts'
import { swapMessages as sm } from '../../swap/index.ts'
import { limitMessages as m } from './limitMessages.ts'

/** What the limit form's button does (or why it cannot). */
export type ButtonKind =
  | 'connect'
  | 'blocked'
  | 'switchNetwork'
  | 'unsupported'
  | 'selectToken'
  | 'enterAmount'
  | 'invalidPrice'
  | 'insufficientBalance'
  | 'tooMany'
  | 'review'

/** The button's label for `buttonKind` (LimitForm). */
export function limitButtonText(
  intl: IntlShape,
  buttonKind: ButtonKind,
  context: { readonly network: string; readonly inputSymbol: string },
): string {
  switch (buttonKind) {
    case 'connect':
      return intl.formatMessage(sm.connectWallet)
    case 'blocked':
      return intl.formatMessage(screeningMessages.button)
    case 'switchNetwork':
      return intl.formatMessage(sm.switchNetwork, { network: context.network })
    case 'unsupported':
      return intl.formatMessage(sm.unsupportedNetwork)
    case 'selectToken':
      return intl.formatMessage(sm.selectToken)
    case 'enterAmount':
      return intl.formatMessage(sm.enterAmount)
    case 'invalidPrice':
      return intl.formatMessage(m.invalidPrice)
    case 'insufficientBalance':
      return intl.formatMessage(sm.insufficientBalance, { symbol: context.inputSymbol })
    case 'tooMany':
      return intl.formatMessage(m.openOrdersFull, { max: MAX_OPEN_LIMIT_ORDERS })
    case 'review':
      return intl.formatMessage(sm.review)
  }
}
