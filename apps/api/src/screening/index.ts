/**
 * Address screening: the seam a real screening provider (a sanctions/risk vendor) fills. One
 * interface, `ScreeningProvider`; today's source is a local list (`OXBOW_BLOCKLIST` and/or
 * `OXBOW_BLOCKLIST_FILE`, validated at start). `Screening` wraps a provider for the modules:
 * - GET /v1/screening/:address  `{ address, blocked }` (400 for a malformed address)
 * - `refuseBlocked(...)` in the trading, orders and fiat routes: 403 `ADDRESS_BLOCKED` naming the field.
 */
import { readFile } from 'node:fs/promises'
import type { ScreeningResponseBody } from '@oxbow/api-contract'
import { address as addressSchema } from '@oxbow/api-contract/requests'
import { Hono } from 'hono'
import { type Address, getAddress, isAddress } from 'viem'
import * as z from 'zod/mini'
import type { ApiModule, Logger } from '../app.ts'
import { ApiError } from '../errors.ts'
import { parseWith } from '../validation.ts'

/** What a screening vendor's adapter implements: which of these addresses are blocked. */
export interface ScreeningProvider {
  readonly name: string
  /** The blocked ones among `addresses` (checksummed). Throws when the vendor cannot answer. */
  blocked(addresses: readonly Address[]): Promise<ReadonlySet<Address>>
}

/** A fixed list (the local environment's, or a deployment's own deny list). */
export function createListScreeningProvider(addresses: Iterable<Address>): ScreeningProvider {
  const list = new Set([...addresses].map((a) => getAddress(a.toLowerCase())))
  return {
    name: 'list',
    blocked: async (candidates) => new Set(candidates.filter((a) => list.has(a))),
  }
}

/**
 * Parses a block list: addresses separated by commas, whitespace or new lines; `#` starts a
 * comment. Throws one readable line naming every entry that is not an address.
 */
export function parseBlocklist(text: string, source: string): Address[] {
  const entries = text
    .split('\n')
    .map((line) => line.replace(/#.*/, ''))
    .flatMap((line) => line.split(/[\s,]+/))
    .filter(Boolean)
  const bad = entries.filter((entry) => !isAddress(entry, { strict: false }))
  if (bad.length > 0) {
    throw new Error(
      `${source}: not an address: ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? ', ...' : ''}`,
    )
  }
  return entries.map((entry) => getAddress(entry.toLowerCase()))
}

/** The local list from the config: `OXBOW_BLOCKLIST` (comma list) plus `OXBOW_BLOCKLIST_FILE`. */
export async function blocklistFromConfig(config: {
  readonly OXBOW_BLOCKLIST?: string | undefined
  readonly OXBOW_BLOCKLIST_FILE?: string | undefined
}): Promise<Address[]> {
  const list = config.OXBOW_BLOCKLIST ? parseBlocklist(config.OXBOW_BLOCKLIST, 'OXBOW_BLOCKLIST') : []
  if (config.OXBOW_BLOCKLIST_FILE) {
    let text: string
    try {
      text = await readFile(config.OXBOW_BLOCKLIST_FILE, 'utf8')
    } catch (error) {
      throw new Error(`OXBOW_BLOCKLIST_FILE: cannot read ${config.OXBOW_BLOCKLIST_FILE} (${String(error)})`)
    }
    list.push(...parseBlocklist(text, config.OXBOW_BLOCKLIST_FILE))
  }
  return list
}

/** Checksummed, whatever the case it came in (a caller's schema may not check the checksum). */
const normalize = (a: Address): Address => getAddress(a.toLowerCase())

/** The screening every module asks: one provider, refusals as typed errors. */
export class Screening {
  constructor(
    readonly provider: ScreeningProvider,
    private readonly log?: Logger,
  ) {}

  /** The blocked ones of `addresses`; a provider failure is a 503 (never a silent pass). */
  async blocked(addresses: readonly Address[]): Promise<ReadonlySet<Address>> {
    if (addresses.length === 0) return new Set()
    try {
      return await this.provider.blocked(addresses.map(normalize))
    } catch (cause) {
      this.log?.error('screening unavailable', { provider: this.provider.name, error: String(cause) })
      throw new ApiError('SERVICE_UNAVAILABLE', 'Address screening is unavailable at the moment', undefined, {
        cause,
      })
    }
  }

  async isBlocked(address: Address): Promise<boolean> {
    return (await this.blocked([address])).size > 0
  }

  /**
   * Throws 403 `ADDRESS_BLOCKED` when any of the given fields (path → address; undefined skipped)
   * holds a blocked address; `details` names each blocked field.
   */
  async refuseBlocked(fields: Readonly<Record<string, Address | undefined>>): Promise<void> {
    const given = Object.entries(fields).filter((entry): entry is [string, Address] => entry[1] !== undefined)
    const blocked = await this.blocked(given.map(([, a]) => a))
    if (blocked.size === 0) return
    const problems = given
      .filter(([, a]) => blocked.has(normalize(a)))
      .map(([path]) => ({ path, message: 'this address is blocked' }))
    throw ApiError.spec('ADDRESS_BLOCKED', problems)
  }
}

/** Screening that blocks nothing: for module tests that are not about screening. */
export const noScreening = new Screening(createListScreeningProvider([]))

const params = z.object({ address: addressSchema })

/** GET /v1/screening/:address → `{ address, blocked }`. */
export function createScreeningModule(screening: Screening): ApiModule {
  const routes = new Hono()
  routes.get('/screening/:address', async (c) => {
    const { address } = parseWith(params, c.req.param(), 'address')
    c.header('cache-control', 'private, max-age=60')
    return c.json({ address, blocked: await screening.isBlocked(address) } satisfies ScreeningResponseBody)
  })
  return { name: 'screening', routes }
}
