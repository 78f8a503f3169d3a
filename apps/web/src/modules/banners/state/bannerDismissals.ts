import { safeStorage } from '../../../lib/createStore.ts'

const session = safeStorage('session')
const local = safeStorage('local')

/** The spec's persisted flags: hideMobileAppPromoBanner (session) and persistHideMobileAppPromoBanner (local). */
export function isMobilePromoHidden(): boolean {
  return (
    session.get('hideMobileAppPromoBanner') === 'true' ||
    local.get('persistHideMobileAppPromoBanner') === 'true'
  )
}

export function hideMobilePromo(persist: boolean): void {
  session.set('hideMobileAppPromoBanner', 'true')
  if (persist) local.set('persistHideMobileAppPromoBanner', 'true')
}

export function isUkNoticeHidden(): boolean {
  return local.get('hideUkDisclaimer') === 'true'
}

export function hideUkNotice(): void {
  local.set('hideUkDisclaimer', 'true')
}

/** Mobile devices by user agent (the promo is for the mobile app, not for narrow desktop windows). */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent)
}
