import { type ReactNode, useRef } from 'react'
import { useIntl } from 'react-intl'
import { defineMessages } from '../../../lib/messages.ts'
import { useConnectRedirect } from '../hooks/useConnectRedirect.ts'
import { AnimatedWords, countWords } from './AnimatedWords.tsx'
import { FloatingTokens } from './FloatingTokens.tsx'
import styles from './Landing.module.css'
import { LandingTopBar } from './LandingTopBar.tsx'

const m = defineMessages({
  title: { id: 'landing.title', defaultMessage: 'Swap anytime, anywhere.' },
  subtitle: {
    id: 'landing.subtitle',
    defaultMessage: 'Buy, sell and explore tokens on {count, plural, one {# network} other {# networks}}.',
  },
})

/** Networks the landing copy advertises (spec: 14+ networks). */
const ADVERTISED_NETWORKS = 14

/**
 * The landing screen, without the app chrome: a slim top bar, the hero title and subtitle fading
 * in word by word, the swap box (`children`, width 480) and the floating token logos around them.
 * Connecting a wallet from here moves on to /swap.
 */
export function Landing({ children }: { children: ReactNode }) {
  const intl = useIntl()
  const leaving = useConnectRedirect()
  const contentRef = useRef<HTMLDivElement>(null)
  const title = intl.formatMessage(m.title)
  const subtitle = intl.formatMessage(m.subtitle, { count: ADVERTISED_NETWORKS })
  return (
    <div className={styles.landing} data-leaving={leaving ? 'true' : undefined} data-testid="landing">
      <LandingTopBar />
      <main className={styles.hero}>
        <div className={styles.content} ref={contentRef}>
          <h1 className={styles.title} data-floating-avoid="text">
            <AnimatedWords text={title} />
          </h1>
          <p className={styles.subtitle} data-floating-avoid="text">
            <AnimatedWords text={subtitle} firstIndex={countWords(title)} />
          </p>
          <div className={styles.swapBox} data-floating-avoid="column">
            {children}
          </div>
        </div>
        {/* After the hero in the DOM: its box is measured by then, and keyboard users reach the swap box first. */}
        <FloatingTokens contentRef={contentRef} />
      </main>
    </div>
  )
}
