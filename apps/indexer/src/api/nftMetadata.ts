import { parseIpfsUrl } from '@oxbow/core'

/**
 * An NFT's tokenURI decoded into plain fields. The URI and everything in it is the contract's, so
 * hostile: only inline JSON (data:application/json, base64 or percent-encoded) is decoded (the API
 * never fetches a URL a contract names), every string is capped and stripped of control characters,
 * and an image is kept only when the web's CSP (img-src 'self' data: https:) would load it as an
 * image: an https URL, a data:image URI of a raster or SVG type, or an `ipfs://<cid>[/path]` link
 * kept as such (core's parseIpfsUrl): the client loads it through the IPFS gateway its own config
 * names (the web's runtime `ipfsGateway`, which its CSP allows), so no gateway is configured here.
 * Clients still render all of it as text.
 */
export interface NftMetadata {
  name: string | null
  description: string | null
  imageUrl: string | null
  attributes: { traitType: string; value: string }[]
}

const EMPTY: NftMetadata = { name: null, description: null, imageUrl: null, attributes: [] }
const MAX_NAME = 120
const MAX_DESCRIPTION = 1000
const MAX_ATTRIBUTES = 20
const MAX_IMAGE_URL = 24_000
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g

/** A capped single-line string, or null when absent or blank. */
function text(value: unknown, max: number): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const cleaned = String(value).replace(CONTROL, ' ').trim().slice(0, max)
  return cleaned.length > 0 ? cleaned : null
}

/** The image URL a browser may load under the CSP (an ipfs:// link through its gateway), or null. */
export function safeImageUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_IMAGE_URL) return null
  if (DATA_IMAGE.test(value)) return value
  // ipfs://ipfs/<cid> is a common misspelling of ipfs://<cid>.
  if (value.startsWith('ipfs://')) return parseIpfsUrl(value.replace(/^ipfs:\/\/ipfs\//, 'ipfs://'))
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.username === '' && url.password === '' ? url.href : null
  } catch {
    return null
  }
}

function decodeJson(uri: string): unknown {
  const base64 = 'data:application/json;base64,'
  const plain = /^data:application\/json(;charset=utf-8)?,/i
  try {
    if (uri.startsWith(base64))
      return JSON.parse(Buffer.from(uri.slice(base64.length), 'base64').toString('utf8'))
    const match = plain.exec(uri)
    if (match) return JSON.parse(decodeURIComponent(uri.slice(match[0].length)))
  } catch {
    return null
  }
  return null
}

export function decodeNftMetadata(uri: string | null): NftMetadata {
  if (uri === null) return EMPTY
  const json = decodeJson(uri)
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return EMPTY
  const record = json as Record<string, unknown>
  const attributes = Array.isArray(record.attributes)
    ? record.attributes.slice(0, MAX_ATTRIBUTES).flatMap((entry: unknown) => {
        if (entry === null || typeof entry !== 'object') return []
        const { trait_type, value } = entry as Record<string, unknown>
        const traitType = text(trait_type, 60)
        const shown = text(value, 120)
        return traitType !== null && shown !== null ? [{ traitType, value: shown }] : []
      })
    : []
  return {
    name: text(record.name, MAX_NAME),
    description: text(record.description, MAX_DESCRIPTION),
    imageUrl: safeImageUrl(record.image ?? record.image_url),
    attributes,
  }
}
