export { MobileAppPromoBanner, UkNoticeBanner } from './components/Banners.tsx'
export { isMobilePromoHidden, isMobileUserAgent } from './state/bannerDismissals.ts'
