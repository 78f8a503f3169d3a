import { useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { useSwapFormState } from '../hooks/useSwapFormState.ts'
import { heroHandoffState, heroSwapUrl, isHeroHandoff } from '../state/heroHandoff.ts'
import { SwapBox } from './SwapBox.tsx'

export { heroSwapUrl } from '../state/heroHandoff.ts'

/**
 * The swap box of the /swap route and the landing hero: the form is prefilled from and written to
 * the query parameters. In the landing hero (`hero`), starting to type hands the swap over to /swap.
 */
export function SwapForm({ showModes = true, hero = false }: { showModes?: boolean; hero?: boolean }) {
  const navigate = useNavigate()
  // Arriving from the hero: the sell amount takes the focus, so typing goes on where it started.
  const { state: navigationState } = useLocation()
  const handedOver = !hero && isHeroHandoff(navigationState)
  const [params] = useSearchParams()
  const [form, update, selectChain] = useSwapFormState()
  const [heroTyped, setHeroTyped] = useState('')
  const handoff = hero
    ? {
        typed: heroTyped,
        onType: (accepted: string) => {
          // The hero keeps what was typed on screen while /swap takes over with it. Keys typed before
          // the swap screen shows land here too and follow on (the hand-off supersedes itself); from
          // then on the swap screen's field has the focus, so nothing typed is lost.
          setHeroTyped(accepted)
          if (/\d/.test(accepted)) {
            void navigate(heroSwapUrl(params, accepted), {
              replace: window.location.pathname === '/swap',
              state: heroHandoffState,
            })
          }
        },
        onMax: (text: string) => void navigate(heroSwapUrl(params, text), { state: heroHandoffState }),
      }
    : undefined
  return (
    <SwapBox
      form={form}
      update={update}
      selectChain={selectChain}
      showModes={showModes}
      hero={handoff}
      autoFocusInput={handedOver}
    />
  )
}
