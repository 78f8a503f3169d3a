import { useIntl } from 'react-intl'
import { V3_FEE_TIERS } from '../services/createPosition.ts'
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

/** One radio a v3 fee tier (the v4 forms add their own dynamic or custom choice after them). */
export function FeeTierRadios(props: { name: string; selected: number; onChoose: (fee: number) => void }) {
  const feeText = useFeeTierText()
  return V3_FEE_TIERS.map((t) => (
    <label key={t.fee}>
      <input
        type="radio"
        name={props.name}
        checked={props.selected === t.fee}
        onChange={() => props.onChoose(t.fee)}
      />{' '}
      {feeText(t.fee)}
    </label>
  ))
}
