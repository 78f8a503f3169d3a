/**
 * The type a gateway answers for a file, read from its bytes as Kubo's gateway does (Go's
 * content sniffing, SVG recognised in text): images by their magic numbers, SVG and HTML by their
 * opening markup, other valid UTF-8 text as text/plain (JSON by its name), anything else as
 * application/octet-stream.
 */
const MAGIC: [string, (b: Uint8Array) => boolean][] = [
  ['image/png', (b) => hasPrefix(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['image/jpeg', (b) => hasPrefix(b, [0xff, 0xd8, 0xff])],
  ['image/gif', (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a'],
  ['image/webp', (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP'],
  ['image/avif', (b) => ascii(b, 4, 12) === 'ftypavif'],
  ['image/x-icon', (b) => hasPrefix(b, [0x00, 0x00, 0x01, 0x00])],
  ['application/pdf', (b) => ascii(b, 0, 5) === '%PDF-'],
]

function hasPrefix(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte)
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return Buffer.from(bytes.subarray(from, to)).toString('latin1')
}

/** Control bytes a text file does not hold (tab, line feed, form feed and carriage return are fine). */
const BINARY = (byte: number) =>
  byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d

function utf8Text(bytes: Uint8Array): string | null {
  if (bytes.some(BINARY)) return null
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

export function contentTypeOf(bytes: Uint8Array, name = ''): string {
  for (const [type, matches] of MAGIC) if (matches(bytes)) return type
  const text = utf8Text(bytes)
  if (text === null) return 'application/octet-stream'
  const head = text
    .slice(0, 1024)
    .replace(/^\uFEFF/, '')
    .replace(/^(\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE svg[^>]*>)*/i, '')
  if (/^<svg[\s>]/i.test(head)) return 'image/svg+xml'
  if (/^<(!DOCTYPE html|html|head|body|script|p|div)[\s>]/i.test(head)) return 'text/html; charset=utf-8'
  if (/\.json$/i.test(name)) return 'application/json'
  return 'text/plain; charset=utf-8'
}
