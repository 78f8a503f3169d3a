/** "/" with a hash path (old hash-router links such as /#/swap) goes to that path. */
export function hashRedirectTarget(url: URL): string | null {
  if (url.pathname !== '/' || !url.hash.startsWith('#/')) return null
  const target = new URL(url.hash.slice(1), url.origin)
  return target.pathname + target.search
}
