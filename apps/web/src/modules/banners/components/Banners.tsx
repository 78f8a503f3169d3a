import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { defineMessages } from '../../../lib/messages.ts'
import { useFeatureFlags } from '../../flags/index.ts'
import { appStoreLink } from '../services/appStoreLink.ts'
import {
  hideMobilePromo,
  hideUkNotice,
  isMobilePromoHidden,
  isMobileUserAgent,
  isUkNoticeHidden,
} from '../state/bannerDismissals.ts'
import styles from './Banners.module.css'

const m = defineMessages({
  promo: { id: 'banner.mobilePromo.text', defaultMessage: 'Get the Oxbow app: swap on the go, safely.' },
  promoCta: { id: 'banner.mobilePromo.cta', defaultMessage: 'Get the app' },
  dismiss: { id: 'banner.dismiss', defaultMessage: 'Dismiss' },
  uk: {
    id: 'banner.uk.text',
    defaultMessage:
      'UK disclaimer: crypto assets are high risk. You could lose all the money you invest and should not expect protection.',
  },
  ukMore: { id: 'banner.uk.readMore', defaultMessage: 'Read more' },
})

/**
 * The mobile-app promo (height 56) on mobile devices until dismissed (session, or for good). Its
 * link goes to the app store: the in-app wallet browser's own link, else the default one.
 */
export function MobileAppPromoBanner() {
  const intl = useIntl()
  const [hidden, setHidden] = useState(() => isMobilePromoHidden() || !isMobileUserAgent(navigator.userAgent))
  if (hidden) return null
  return (
    <aside
      className={styles.promo}
      aria-label={intl.formatMessage(m.promoCta)}
      data-testid="mobile-app-promo"
    >
      <span className={styles.promoText}>
        <FormattedMessage {...m.promo} />
      </span>
      <a
        className={styles.promoLink}
        href={appStoreLink(navigator.userAgent)}
        onClick={() => hideMobilePromo(true)}
      >
        <FormattedMessage {...m.promoCta} />
      </a>
      <button
        type="button"
        className={styles.close}
        aria-label={intl.formatMessage(m.dismiss)}
        onClick={() => {
          hideMobilePromo(false)
          setHidden(true)
        }}
      >
        ✕
      </button>
    </aside>
  )
}

/** The UK notice with its read-more link, when the visitor's origin country is GB. */
export function UkNoticeBanner() {
  const intl = useIntl()
  const { originCountry } = useFeatureFlags()
  const [hidden, setHidden] = useState(isUkNoticeHidden)
  if (hidden || originCountry !== 'GB') return null
  return (
    <aside className={styles.uk} aria-label="UK" data-testid="uk-notice">
      <span className={styles.promoText}>
        <FormattedMessage {...m.uk} />{' '}
        <a
          className={styles.promoLink}
          href="https://www.fca.org.uk/investsmart"
          target="_blank"
          rel="noopener noreferrer"
        >
          <FormattedMessage {...m.ukMore} />
        </a>
      </span>
      <button
        type="button"
        className={styles.close}
        aria-label={intl.formatMessage(m.dismiss)}
        onClick={() => {
          hideUkNotice()
          setHidden(true)
        }}
      >
        ✕
      </button>
    </aside>
  )
}
