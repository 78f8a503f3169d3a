import { useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { ensNameQuery } from './useEns.ts'
import { usernameOfQuery } from './useUsername.ts'

/**
 * The name to show for any address (activity counterparties, send recipients): its username
 * profile's name, else its verified ENS name; null while unknown or when it has neither. Rendered
 * as text. Each lookup is cached a minute per address, so a list of rows asks once per address.
 */
export function useAddressName(address: string | null | undefined): string | null {
  const key = address && /^0x[0-9a-fA-F]{40}$/.test(address) ? (address as Address) : undefined
  const username = useQuery(usernameOfQuery(key))
  const ens = useQuery(ensNameQuery(key))
  return username.data?.username ?? ens.data ?? null
}
