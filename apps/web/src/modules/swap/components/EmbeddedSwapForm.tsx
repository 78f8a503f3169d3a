import { useLocalSwapFormState } from '../hooks/useLocalSwapFormState.ts'
import { SwapBox } from './SwapBox.tsx'

export interface EmbeddedSwapFormProps {
  /** The network's slug. */
  readonly chain: string
  /** The token to buy: an address (the zero address for the native currency) or `ETH`. */
  readonly outputCurrency: string
}

/**
 * The swap box embedded in another page (the token page): `outputCurrency` to buy, the native
 * currency to sell (as /swap?outputCurrency= would have it), with quote, review and the swap's
 * progress on that page. Its state is its own, not the URL's: mount it with a `key` per token so that
 * another token starts a new form.
 */
export function EmbeddedSwapForm({ chain, outputCurrency }: EmbeddedSwapFormProps) {
  const [form, update, selectChain] = useLocalSwapFormState({ chain, outputCurrency })
  return <SwapBox form={form} update={update} selectChain={selectChain} showModes={false} />
}
