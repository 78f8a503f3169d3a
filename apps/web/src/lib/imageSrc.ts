/** Where an untrusted image source (an NFT's, an ENS avatar's) is checked before it reaches <img>. */

/** Image types a browser draws inline without running anything (an SVG in <img> runs no script). */
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/
const MAX_IMAGE_SRC = 24_000

/**
 * The image source to put in <img>, or null. Only what the CSP's img-src ('self' data: https:)
 * loads and nothing else: https URLs without credentials, and base64 data:image URIs of a raster
 * or SVG type. The indexer applies the same rule; this one stands even if it did not.
 */
export function safeImageSrc(value: string | null | undefined): string | null {
  if (typeof value !== 'string' || value.length > MAX_IMAGE_SRC) return null
  if (DATA_IMAGE.test(value)) return value
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.username === '' && url.password === '' ? url.href : null
  } catch {
    return null
  }
}

/**
 * An avatar's source for <img>, or null: what `safeImageSrc` allows, or a URL under `gateway`, the
 * runtime config's ipfsGateway, whose origin the CSP's img-src names (locally apps/sandbox's
 * gateway, http on loopback). Taken as written only (no `..` or other rewriting by the URL parser).
 */
export function safeAvatarSrc(value: string | null | undefined, gateway: string | undefined): string | null {
  if (typeof value === 'string' && gateway && value.length <= MAX_IMAGE_SRC) {
    try {
      const { href } = new URL(value)
      if (href === value && href.length > gateway.length && href.startsWith(gateway)) return value
    } catch {}
  }
  return safeImageSrc(value)
}
