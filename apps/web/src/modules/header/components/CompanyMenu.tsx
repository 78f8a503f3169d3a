import { useEffect, useId, useRef, useState } from 'react'
import { type MessageDescriptor, useIntl } from 'react-intl'
import { Link, useLocation } from 'react-router'
import { defineMessages } from '../../../lib/messages.ts'
import { siteLinks } from '../../config/index.ts'
import { displayCurrencies, useChooseCurrency } from '../../currency/index.ts'
import { locales } from '../../i18n/index.ts'
import { setPreference, type ThemeChoice, themeChoices, usePreferences } from '../../preferences/index.ts'
import { themeChoiceMessages } from '../../settings/index.ts'
import { useDismiss, useKeepInViewport } from '../../ui/index.ts'
import styles from './CompanyMenu.module.css'
import headerStyles from './Header.module.css'

const m = defineMessages({
  more: { id: 'company.more', defaultMessage: 'More' },
  menu: { id: 'company.menu', defaultMessage: 'Menu' },
  close: { id: 'company.close', defaultMessage: 'Close menu' },
  app: { id: 'company.section.app', defaultMessage: 'App' },
  products: { id: 'company.section.products', defaultMessage: 'Products' },
  protocol: { id: 'company.section.protocol', defaultMessage: 'Protocol and company' },
  settings: { id: 'company.section.settings', defaultMessage: 'Settings' },
  swap: { id: 'company.link.swap', defaultMessage: 'Swap' },
  explore: { id: 'company.link.explore', defaultMessage: 'Explore' },
  pool: { id: 'company.link.pool', defaultMessage: 'Pool' },
  walletApp: { id: 'company.link.walletApp', defaultMessage: 'Wallet app' },
  extension: { id: 'company.link.extension', defaultMessage: 'Browser extension' },
  tradingApi: { id: 'company.link.tradingApi', defaultMessage: 'Trading API' },
  governance: { id: 'company.link.governance', defaultMessage: 'Governance' },
  developers: { id: 'company.link.developers', defaultMessage: 'Developers' },
  about: { id: 'company.link.about', defaultMessage: 'About' },
  theme: { id: 'company.settings.theme', defaultMessage: 'Theme' },
  language: { id: 'company.settings.language', defaultMessage: 'Language' },
  currency: { id: 'company.settings.currency', defaultMessage: 'Currency' },
})

type SectionId = 'app' | 'products' | 'protocol' | 'settings'
interface MenuLink {
  readonly label: MessageDescriptor
  readonly to: string
  readonly external?: boolean
}

/**
 * Each link goes where its label says: the app's own screens in the app, the company's pages and
 * documentation outside it (config's `siteLinks`), governance through /vote (the spec's exit to the
 * governance site).
 */
function sections(): Record<Exclude<SectionId, 'settings'>, readonly MenuLink[]> {
  return {
    app: [
      { label: m.swap, to: '/swap' },
      { label: m.explore, to: '/explore' },
      { label: m.pool, to: '/positions' },
    ],
    products: [
      { label: m.walletApp, to: siteLinks.walletApp, external: true },
      { label: m.extension, to: siteLinks.browserExtension, external: true },
      { label: m.tradingApi, to: siteLinks.tradingApi, external: true },
    ],
    protocol: [
      { label: m.governance, to: '/vote' },
      { label: m.developers, to: siteLinks.developers, external: true },
      { label: m.about, to: siteLinks.about, external: true },
    ],
  }
}

function MenuLinks({ links, className }: { links: readonly MenuLink[]; className: string | undefined }) {
  const intl = useIntl()
  return links.map((link) =>
    link.external ? (
      <a
        key={link.to + String(link.label.id)}
        href={link.to}
        className={className}
        rel="noopener noreferrer"
        target="_blank"
      >
        {intl.formatMessage(link.label)}
      </a>
    ) : (
      <Link key={link.to + String(link.label.id)} to={link.to} className={className}>
        {intl.formatMessage(link.label)}
      </Link>
    ),
  )
}

/** closed; opened by the pointer resting on it (closes when it leaves); pinned open by a click or key. */
type DropdownState = 'closed' | 'hover' | 'pinned'

/**
 * Wide screens: the company menu as a hover dropdown that also behaves as a menu button: hovering
 * opens it, a click on the button pins it open (a second click closes it), a click on a link follows
 * it and closes the menu, a click elsewhere inside the panel keeps it open, and Escape, an outside
 * press or a route change close it.
 */
export function CompanyDropdown() {
  const intl = useIntl()
  const [state, setState] = useState<DropdownState>('closed')
  const open = state !== 'closed'
  const wrapRef = useRef<HTMLDivElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const panelId = useId()
  useDismiss(open, () => setState('closed'), wrapRef, triggerRef)
  useKeepInViewport(panelRef, open)
  const links = sections()
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover menu; the button toggles it for keyboard users
    <div
      ref={wrapRef}
      className={`${styles.wrap} ${headerStyles.wide}`}
      onMouseEnter={() => setState((value) => (value === 'closed' ? 'hover' : value))}
      onMouseLeave={() => setState((value) => (value === 'hover' ? 'closed' : value))}
    >
      <button
        ref={triggerRef}
        type="button"
        className={headerStyles.iconButton}
        aria-label={intl.formatMessage(m.more)}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setState((value) => (value === 'pinned' ? 'closed' : 'pinned'))}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open ? (
        // biome-ignore lint/a11y/useKeyWithClickEvents: links are followed by their own keys; this only closes after one
        // biome-ignore lint/a11y/noStaticElementInteractions: a click on a link inside closes the menu
        <div
          ref={panelRef}
          id={panelId}
          className={styles.dropdown}
          data-testid="company-dropdown"
          onClick={(event) => {
            if (event.target instanceof Element && event.target.closest('a')) setState('closed')
          }}
        >
          {(['app', 'products', 'protocol'] as const).map((id) => (
            <div key={id} className={styles.column}>
              <h3 className={styles.heading}>{intl.formatMessage(m[id])}</h3>
              <MenuLinks links={links[id]} className={styles.link} />
            </div>
          ))}
        </div>
      ) : null}
    </div>
  )
}

export const DRAWER_RESET_MS = 300
const initialExpanded: Record<SectionId, boolean> = {
  app: true,
  products: false,
  protocol: false,
  settings: false,
}

/** Small screens: the company menu as a drawer with collapsible sections that reset 300 ms after closing. */
export function CompanyDrawer() {
  const intl = useIntl()
  const [open, setOpen] = useState(false)
  const [expanded, setExpanded] = useState(initialExpanded)
  const prefs = usePreferences()
  const { pathname } = useLocation()
  const chooseCurrency = useChooseCurrency()
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const links = sections()

  const close = () => {
    setOpen(false)
    clearTimeout(resetTimer.current)
    resetTimer.current = setTimeout(() => setExpanded(initialExpanded), DRAWER_RESET_MS)
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: close on route change
  useEffect(() => {
    close()
  }, [pathname])
  useEffect(() => () => clearTimeout(resetTimer.current), [])
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })

  const toggle = (id: SectionId) => setExpanded((value) => ({ ...value, [id]: !value[id] }))

  return (
    <>
      <button
        type="button"
        className={`${headerStyles.iconButton} ${headerStyles.narrowOnly}`}
        aria-label={intl.formatMessage(m.menu)}
        aria-expanded={open}
        onClick={() => {
          clearTimeout(resetTimer.current)
          setOpen(true)
        }}
      >
        <span aria-hidden="true">☰</span>
      </button>
      {open ? (
        <>
          <button
            type="button"
            className={styles.backdrop}
            aria-label={intl.formatMessage(m.close)}
            onClick={close}
          />
          <div className={styles.drawer} role="dialog" aria-label={intl.formatMessage(m.menu)}>
            <div className={styles.drawerTop}>
              <strong>{intl.formatMessage(m.menu)}</strong>
              <button
                type="button"
                className={headerStyles.iconButton}
                onClick={close}
                aria-label={intl.formatMessage(m.close)}
              >
                <span aria-hidden="true">✕</span>
              </button>
            </div>
            {(['app', 'products', 'protocol', 'settings'] as const).map((id) => (
              <section key={id} className={styles.section}>
                <button
                  type="button"
                  className={styles.sectionToggle}
                  aria-expanded={expanded[id]}
                  onClick={() => toggle(id)}
                >
                  {intl.formatMessage(m[id])}
                  <span aria-hidden="true">{expanded[id] ? '−' : '+'}</span>
                </button>
                {expanded[id] ? (
                  <div className={styles.sectionBody}>
                    {id === 'settings' ? (
                      <>
                        <label>
                          {intl.formatMessage(m.theme)}
                          <select
                            className={styles.select}
                            value={prefs.theme}
                            onChange={(event) => setPreference('theme', event.target.value as ThemeChoice)}
                          >
                            {themeChoices.map((choice) => (
                              <option key={choice} value={choice}>
                                {intl.formatMessage(themeChoiceMessages[choice])}
                              </option>
                            ))}
                          </select>
                        </label>
                        <label>
                          {intl.formatMessage(m.language)}
                          <select
                            className={styles.select}
                            value={intl.locale}
                            onChange={(event) => setPreference('locale', event.target.value)}
                          >
                            {locales.map((locale) => (
                              <option key={locale.tag} value={locale.tag}>
                                {locale.nativeName}
                              </option>
                            ))}
                          </select>
                        </label>
                        <label>
                          {intl.formatMessage(m.currency)}
                          <select
                            className={styles.select}
                            value={prefs.currency}
                            onChange={(event) => chooseCurrency(event.target.value)}
                          >
                            {displayCurrencies.map((code) => (
                              <option key={code} value={code}>
                                {code}
                              </option>
                            ))}
                          </select>
                        </label>
                      </>
                    ) : (
                      <MenuLinks links={links[id]} className={styles.link} />
                    )}
                  </div>
                ) : null}
              </section>
            ))}
          </div>
        </>
      ) : null}
    </>
  )
}
