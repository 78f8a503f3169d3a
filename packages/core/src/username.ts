/**
 * Username profiles (spec: a public name with avatar, bio and Twitter link): the name rules with
 * the spec's four messages and the bio and Twitter handle rules. The avatar check and the text a
 * wallet signs are in `profileSigning.ts` (kept apart: the page's first load needs only these).
 */
import { USERNAME_BIO_MAX_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './constants.ts'

/** Which of the spec's rules a name breaks. */
export type UsernameProblem = 'LETTERS_AND_NUMBERS' | 'LOWERCASE' | 'TOO_SHORT' | 'TOO_LONG'

/** The spec's messages, `{{number}}` the length bound (the web app has them translated). */
export const usernameMessages: Readonly<Record<UsernameProblem, string>> = {
  LETTERS_AND_NUMBERS: 'Usernames can only contain letters and numbers',
  LOWERCASE: 'Usernames can only contain lowercase letters and numbers',
  TOO_SHORT: 'Usernames must be at least {{number}} characters',
  TOO_LONG: 'Usernames cannot be more than {{number}} characters',
}

export interface UsernameCheck {
  readonly problem: UsernameProblem
  /** The bound the length messages name (undefined for the character rules). */
  readonly number?: number
  /** The English message with its number filled in. */
  readonly message: string
}

/**
 * The first rule `name` breaks, or null when it is a valid username. Characters first (anything
 * but ASCII letters and digits, then upper case), then the length bounds.
 */
export function validateUsername(name: string): UsernameCheck | null {
  const fill = (problem: UsernameProblem, number?: number): UsernameCheck => ({
    problem,
    ...(number === undefined ? {} : { number }),
    message: usernameMessages[problem].replace('{{number}}', String(number ?? '')),
  })
  if (!/^[A-Za-z0-9]*$/.test(name)) return fill('LETTERS_AND_NUMBERS')
  if (/[A-Z]/.test(name)) return fill('LOWERCASE')
  if (name.length < USERNAME_MIN_LENGTH) return fill('TOO_SHORT', USERNAME_MIN_LENGTH)
  if (name.length > USERNAME_MAX_LENGTH) return fill('TOO_LONG', USERNAME_MAX_LENGTH)
  return null
}

export function isValidUsername(name: unknown): name is string {
  return typeof name === 'string' && validateUsername(name) === null
}

/** A bio: at most 160 characters, no control characters (so no line breaks); '' is no bio. */
export function isValidBio(bio: string): boolean {
  return [...bio].length <= USERNAME_BIO_MAX_LENGTH && !/\p{Cc}/u.test(bio)
}

/**
 * A Twitter (X) handle from what a user types: `name`, `@name`, or a twitter.com / x.com profile
 * link. Returns the handle (1 to 15 letters, digits or underscores), '' for an empty input, or null
 * when the input is none of these.
 */
export function parseTwitterHandle(input: string): string | null {
  const text = input.trim()
  if (text === '') return ''
  const link =
    /^(?:https?:\/\/)?(?:www\.|mobile\.)?(?:twitter\.com|x\.com)\/@?([A-Za-z0-9_]{1,15})\/?$/i.exec(text)
  const handle = link ? link[1] : /^@?([A-Za-z0-9_]{1,15})$/.exec(text)?.[1]
  return handle ?? null
}

/** The profile link of a handle. */
export function twitterLink(handle: string): string {
  return `https://x.com/${handle}`
}
