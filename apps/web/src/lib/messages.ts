import type { MessageDescriptor } from 'react-intl'

/**
 * Same role as react-intl's defineMessages (the formatjs extractor recognises the name), but typed
 * as plain descriptors: react-intl 12's literal typing rejects ICU values under our strict flags.
 */
export function defineMessages<K extends string>(
  messages: Record<K, MessageDescriptor>,
): Record<K, MessageDescriptor> {
  return messages
}
