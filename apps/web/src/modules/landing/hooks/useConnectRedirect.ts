import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useConnectModalOpen, useWalletState } from '../../wallet/index.ts'
import { LANDING_REDIRECT_DELAY_MS, shouldLeaveLanding } from '../services/landingState.ts'

/**
 * Spec section 4: when a wallet connects while the connect modal is open and it was not connected
 * before, the landing fades out and moves to /swap (keeping the hero's query) after a short delay.
 * Returns whether the page is leaving (for the fade).
 */
export function useConnectRedirect(): boolean {
  const connected = useWalletState().status === 'connected'
  const modalOpen = useConnectModalOpen()
  const navigate = useNavigate()
  const { search } = useLocation()
  const [leaving, setLeaving] = useState(false)
  const previous = useRef({ connected, modalOpen })

  useEffect(() => {
    const now = { connected, modalOpen }
    if (shouldLeaveLanding(previous.current, now)) setLeaving(true)
    previous.current = now
  }, [connected, modalOpen])

  const searchRef = useRef(search)
  searchRef.current = search
  useEffect(() => {
    if (!leaving) return
    const timer = setTimeout(() => void navigate(`/swap${searchRef.current}`), LANDING_REDIRECT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [leaving, navigate])

  return leaving
}
