import { useIntl } from 'react-intl'
import { feeTierPercent } from '../services/positionMath.ts'
import { liquidityMessages as m } from './liquidityMessages.ts'

/** The fee tier as the spec displays it: feeTier / 10,000 with a percent sign (v4 dynamic by name). */
export function useFeeTierText(): (feeTier: number) => string {
  const intl = useIntl()
  return (feeTier) => {
    const percent = feeTierPercent(feeTier)
    return percent === 'dynamic'
      ? intl.formatMessage(m.dynamicFee)
      : intl.formatMessage(m.feePercent, { fee: intl.formatNumber(percent, { maximumFractionDigits: 4 }) })
  }
}
