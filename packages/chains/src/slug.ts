/**
 * The shape of a network slug wherever one crosses a boundary (URLs, GraphQL answers, storage):
 * lowercase letters, digits and underscores (`unichain_sepolia`), starting with a letter, at most
 * 40 characters. Every registry slug has it (tested); a value of this shape may still be unknown
 * here, which the registry's `isNetworkSlug` decides.
 */
export const NETWORK_SLUG_PATTERN = /^[a-z][a-z0-9_]{0,39}$/
