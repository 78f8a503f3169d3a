/** Characters a browser strips or treats as a slash in URLs (controls, space, backslash): refused. */
const isUnsafe = (path: string) =>
  Array.from(path).some((char) => {
    const code = char.charCodeAt(0)
    return code <= 0x20 || code === 0x7f || char === '\\'
  })

/**
 * The landing's page-hash redirect (old hash-router links such as `/#/explore/tokens`): the path in
 * the hash of `/`, or null. Only a same-origin path is accepted: it must start with a single `/`
 * (no `//host`, no scheme, no backslash or control characters) and resolve to `url`'s origin.
 */
export function pageHashTarget(url: URL): string | null {
  if (url.pathname !== '/' || !url.hash.startsWith('#/')) return null
  const path = url.hash.slice(1)
  if (path.startsWith('//') || isUnsafe(path)) return null
  let target: URL
  try {
    target = new URL(path, url.origin)
  } catch {
    return null
  }
  if (target.origin !== url.origin) return null
  return target.pathname + target.search + target.hash
}
