import styles from './Landing.module.css'

/** Spec section 9: the hero fades in over 1000 ms, each word 0.1 s after the previous one. */
export const HERO_FADE_MS = 1000
export const HERO_WORD_DELAY_S = 0.1

/**
 * Splits `text` into words, each a span fading in with its own delay (`firstIndex` continues the
 * count of an earlier line). Whitespace stays text, so the sentence reads and wraps as before.
 */
export function AnimatedWords({ text, firstIndex = 0 }: { text: string; firstIndex?: number }) {
  let index = firstIndex
  return (
    <>
      {text.split(/(\s+)/).map((part, position) => {
        if (part === '' || /^\s+$/.test(part)) return part
        const delay = Math.round(index++ * HERO_WORD_DELAY_S * 10) / 10
        return (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the words of a fixed sentence
            key={position}
            className={styles.word}
            data-testid="hero-word"
            style={{ animationDelay: `${delay}s`, animationDuration: `${HERO_FADE_MS}ms` }}
          >
            {part}
          </span>
        )
      })}
    </>
  )
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length
}
