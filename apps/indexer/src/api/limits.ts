/**
 * Query limits applied before execution: size, depth, aliases and an estimated cost where list
 * fields multiply the cost of what they select by their page size.
 */
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql'
import { ApiError } from './errors.ts'
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './inputs.ts'

export const limits = {
  maxQueryLength: 10_000,
  maxDepth: 8,
  maxAliases: 20,
  maxCost: 25_000,
} as const

/**
 * Fields that return lists (or connections), with their worst-case length when no `first` is
 * given. Everything else returns one object.
 */
const listSizes: Record<string, number> = {
  tokens: DEFAULT_PAGE_SIZE,
  pools: DEFAULT_PAGE_SIZE,
  transactions: DEFAULT_PAGE_SIZE,
  activity: DEFAULT_PAGE_SIZE,
  positions: DEFAULT_PAGE_SIZE,
  nfts: DEFAULT_PAGE_SIZE,
  trendingTokens: 10,
  trendingPools: 10,
  nftCollections: 10,
  networks: 20,
  priceHistory: 400,
  history: 400,
  balances: 200,
  assetChanges: 20,
}

function argValue(node: ValueNode | undefined, variables: Record<string, unknown>): unknown {
  if (!node) return undefined
  if (node.kind === Kind.INT) return Number(node.value)
  if (node.kind === Kind.VARIABLE) return variables[node.name.value]
  return undefined
}

export function checkLimits(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): void {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const def of document.definitions)
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def)
  let aliases = 0

  const walk = (set: SelectionSetNode, depth: number, seen: ReadonlySet<string>): number => {
    if (depth > limits.maxDepth) {
      throw new ApiError('QUERY_TOO_COMPLEX', `Query is nested deeper than ${limits.maxDepth} levels.`, {
        maxDepth: limits.maxDepth,
      })
    }
    let cost = 0
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        if (sel.alias) aliases++
        if (!sel.selectionSet) {
          cost += 1
          continue
        }
        const first = argValue(sel.arguments?.find((a) => a.name.value === 'first')?.value, variables)
        const listSize = listSizes[sel.name.value]
        const size =
          listSize === undefined
            ? 1
            : typeof first === 'number' && Number.isFinite(first)
              ? Math.min(Math.max(first, 1), MAX_PAGE_SIZE)
              : listSize
        cost += 1 + size * walk(sel.selectionSet, depth + 1, seen)
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        cost += walk(sel.selectionSet, depth, seen)
      } else {
        const name = sel.name.value
        if (seen.has(name))
          throw new ApiError('GRAPHQL_VALIDATION_FAILED', `Fragment '${name}' spreads itself.`)
        const fragment = fragments.get(name)
        if (fragment) cost += walk(fragment.selectionSet, depth, new Set([...seen, name]))
      }
      if (cost > limits.maxCost) break
    }
    return cost
  }

  const cost = walk(operation.selectionSet, 1, new Set())
  if (aliases > limits.maxAliases) {
    throw new ApiError('QUERY_TOO_COMPLEX', `Query uses more than ${limits.maxAliases} aliases.`, {
      maxAliases: limits.maxAliases,
    })
  }
  if (cost > limits.maxCost) {
    throw new ApiError(
      'QUERY_TOO_COMPLEX',
      `Query cost exceeds ${limits.maxCost}; request fewer items or fields.`,
      {
        maxCost: limits.maxCost,
      },
    )
  }
}
