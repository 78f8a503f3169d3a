/**
 * The IPFS HTTP gateway sandbox: the shape of a path gateway such as https://ipfs.io (Kubo's
 * gateway), over content added to it, in memory, the way a local Kubo node's RPC adds it.
 * - `GET|HEAD /ipfs/<cid>[/<path>]` the file (its type sniffed from its bytes), a directory's
 *   `index.html` or its listing; 400 for what is not a CID, 404 for a CID or a path it does not
 *   hold; `Etag` (the CID), immutable caching, `X-Ipfs-Path` and `X-Ipfs-Roots`, CORS open to every
 *   origin (`Access-Control-Allow-Origin: *`, preflight answered), `If-None-Match` → 304
 * - `POST /api/v0/add[?wrap-with-directory=true]` Kubo's RPC (multipart, one part per file): answers
 *   one JSON line per file (`{"Name","Hash","Size"}`, then the wrapping directory with Name "") with
 *   the CIDs `ipfs add --cid-version=1` computes; files above one chunk (256 KiB) are refused, and
 *   so is a request from a browser page (an `Origin` header), as Kubo's RPC refuses one by default.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Block, DAG_PB, directoryBlock, directoryLinks, parseCid, RAW, rawBlock } from './cid.ts'
import { contentTypeOf } from './contentType.ts'

/** Kubo's default chunk size: a file up to it is one raw block (its CID is that block's). */
export const CHUNK_SIZE = 262_144
/** A name a file keeps inside a wrapping directory. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/

export interface IpfsGatewayOptions {
  readonly host?: string
  readonly port?: number
  readonly log?: (line: string) => void
  /** One line per gateway request: method, path, status and the Referer received ('-' for none). */
  readonly trace?: (line: string) => void
}

export interface AddedFile {
  readonly name: string
  readonly cid: string
  readonly size: number
}

export interface IpfsGateway {
  /** http://host:port (the RPC's base). */
  readonly url: string
  /** `${url}/ipfs/`: what an app's gateway setting takes. */
  readonly gatewayUrl: string
  readonly port: number
  /** Adds files as `POST /api/v0/add` does: their entries, then the directory's (name '') when wrapped. */
  add(files: readonly { name: string; bytes: Uint8Array }[], options?: { wrap?: boolean }): AddedFile[]
  close(): Promise<void>
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Range, User-Agent, X-Requested-With',
  'access-control-expose-headers':
    'Content-Length, Content-Range, X-Chunked-Output, X-Ipfs-Path, X-Ipfs-Roots, X-Stream-Output',
}

class AddError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export async function createIpfsGateway(options: IpfsGatewayOptions = {}): Promise<IpfsGateway> {
  const blocks = new Map<string, Block>()
  const put = (block: Block) => {
    blocks.set(block.key, block)
    return block
  }

  function add(files: readonly { name: string; bytes: Uint8Array }[], addOptions: { wrap?: boolean } = {}) {
    if (files.length === 0) throw new AddError(400, 'no files to add')
    const entries = files.map((file) => {
      if (file.bytes.length > CHUNK_SIZE)
        throw new AddError(413, `${file.name}: larger than one chunk (${CHUNK_SIZE} bytes)`)
      if (addOptions.wrap && !FILE_NAME.test(file.name))
        throw new AddError(400, `${file.name}: not a file name this sandbox keeps`)
      return { name: file.name, block: put(rawBlock(file.bytes)) }
    })
    const added: AddedFile[] = entries.map((e) => ({
      name: e.name,
      cid: e.block.cid,
      size: e.block.totalSize,
    }))
    if (addOptions.wrap) {
      if (new Set(entries.map((e) => e.name)).size !== entries.length)
        throw new AddError(400, 'two files with the same name')
      const directory = put(directoryBlock(entries))
      added.push({ name: '', cid: directory.cid, size: directory.totalSize })
    }
    return added
  }

  async function addRequest(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.headers.origin) throw new AddError(403, '403 - Forbidden')
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > 4 * CHUNK_SIZE) throw new AddError(413, 'request too large')
      chunks.push(chunk)
    }
    const form = await new Request(url, {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: Buffer.concat(chunks),
    })
      .formData()
      .catch(() => {
        throw new AddError(400, 'expected a multipart/form-data body')
      })
    const files: { name: string; bytes: Uint8Array }[] = []
    for (const value of form.values()) {
      if (typeof value === 'string') continue
      files.push({ name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) })
    }
    const added = add(files, { wrap: url.searchParams.get('wrap-with-directory') === 'true' })
    options.log?.(`added ${added.map((file) => `${file.name || '(directory)'} ${file.cid}`).join(', ')}`)
    res.writeHead(200, { 'content-type': 'application/json', 'x-chunked-output': '1' })
    res.end(
      added.map((f) => `${JSON.stringify({ Name: f.name, Hash: f.cid, Size: String(f.size) })}\n`).join(''),
    )
  }

  /** The block at /ipfs/<cid>/<path>, the blocks passed on the way (X-Ipfs-Roots), or an error status. */
  function resolve(
    segments: string[],
  ): { block: Block; roots: string[] } | { status: number; message: string } {
    const [cidText = '', ...path] = segments
    const cid = parseCid(cidText)
    if (!cid) return { status: 400, message: `invalid path "/ipfs/${cidText}": invalid cid` }
    let block = blocks.get(cid.key)
    const roots: string[] = []
    for (const name of path) {
      if (!block) break
      roots.push(block.cid)
      const links = block.codec === DAG_PB ? directoryLinks(block.bytes) : null
      const next = links?.get(name)
      if (!next) return { status: 404, message: `no link named "${name}" under ${block.cid}` }
      block = blocks.get(next)
    }
    if (!block) return { status: 404, message: `${segments.join('/')}: not found` }
    roots.push(block.cid)
    return { block, roots }
  }

  function serveContent(req: IncomingMessage, res: ServerResponse, pathname: string) {
    const segments = pathname
      .slice('/ipfs/'.length)
      .split('/')
      .filter((s, i) => s !== '' || i === 0)
      .map((s) => {
        try {
          return decodeURIComponent(s)
        } catch {
          return '\u0000'
        }
      })
    const found = resolve(segments)
    if ('status' in found) {
      res.writeHead(found.status, { ...CORS, 'content-type': 'text/plain; charset=utf-8' })
      res.end(`${found.message}\n`)
      return found.status
    }
    let { block } = found
    let body: Uint8Array
    let type: string
    const indexKey = block.codec === DAG_PB ? directoryLinks(block.bytes)?.get('index.html') : undefined
    const index = indexKey ? blocks.get(indexKey) : undefined
    if (index) block = index
    if (block.codec === RAW) {
      body = block.bytes
      type = contentTypeOf(body, segments.at(-1) ?? '')
    } else {
      const names = [...(directoryLinks(block.bytes)?.keys() ?? [])]
      const title = escapeHtml(`/ipfs/${segments.join('/')}`)
      const items = names.map((n) => `<li><a href="${encodeURIComponent(n)}">${escapeHtml(n)}</a></li>`)
      body = Buffer.from(
        `<!DOCTYPE html><title>${title}</title><h1>${title}</h1><ul>${items.join('')}</ul>\n`,
      )
      type = 'text/html; charset=utf-8'
    }
    const etag = `"${block.cid}"`
    const headers = {
      ...CORS,
      etag,
      'cache-control': 'public, max-age=29030400, immutable',
      'x-ipfs-path': `/ipfs/${segments.join('/')}`,
      'x-ipfs-roots': found.roots.join(','),
      'x-content-type-options': 'nosniff',
    }
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers)
      res.end()
      return 304
    }
    res.writeHead(200, { ...headers, 'content-type': type, 'content-length': String(body.length) })
    res.end(req.method === 'HEAD' ? undefined : body)
    return 200
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://gateway.invalid')
    try {
      if (url.pathname === '/api/v0/add') {
        if (req.method !== 'POST') throw new AddError(405, 'method not allowed')
        await addRequest(req, res, url)
        return
      }
      if (!url.pathname.startsWith('/ipfs/')) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        res.end('404 page not found\n')
        return
      }
      let status: number
      if (req.method === 'OPTIONS') {
        res.writeHead(200, CORS)
        res.end()
        status = 200
      } else if (req.method === 'GET' || req.method === 'HEAD') {
        status = serveContent(req, res, url.pathname)
      } else {
        res.writeHead(405, { ...CORS, allow: 'GET, HEAD, OPTIONS' })
        res.end('method not allowed\n')
        status = 405
      }
      options.trace?.(`${req.method} ${url.pathname} ${status} referer=${req.headers.referer ?? '-'}`)
    } catch (error) {
      const status = error instanceof AddError ? error.status : 500
      if (!(error instanceof AddError)) options.log?.(`error: ${String(error)}`)
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          Message: error instanceof Error ? error.message : String(error),
          Code: 0,
          Type: 'error',
        }),
      )
    }
  })
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8792, options.host ?? '127.0.0.1', () => resolveListen())
  })
  const { port, address } = server.address() as AddressInfo
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`
  return {
    url,
    gatewayUrl: `${url}/ipfs/`,
    port,
    add,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections()
        server.close(() => resolveClose())
      }),
  }
}
