/**
 * Query limits applied before execution: size, depth, aliases and a cost where every list field
 * multiplies the cost of what it selects by the most items it can return. Arguments are read the
 * way execution reads them (literals, variables, variable defaults, schema defaults), and fragments
 * and aliases are walked like fields, so no spelling of a query gets a cheaper estimate than its
 * execution.
 */
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getArgumentValues,
  getNamedType,
  getNullableType,
  getVariableValues,
  isAbstractType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql'
import { ApiError } from './errors.ts'
import { MAX_PAGE_SIZE } from './inputs.ts'

export const limits = {
  maxQueryLength: 10_000,
  maxDepth: 8,
  maxAliases: 20,
  maxCost: 25_000,
} as const

/**
 * Most items of list fields that take no `first` argument (the resolvers cap them at these).
 * Connections and lists with `first` multiply by it instead.
 */
const fixedListSizes: Record<string, number> = {
  'Query.networks': 20,
  'Token.priceHistory': 400,
  'Pool.history': 400,
  'Pool.priceHistory': 400,
  'Pool.liquidityByTick': 400,
  'Portfolio.balances': 200,
  'Token.sameTokens': 20,
  'Query.tokenBalances': 20,
  'Activity.assetChanges': 20,
  'Nft.attributes': 20,
}

/** Fields returning an object whose lists each hold up to the field's `first` items. */
const boundsChildLists = new Set(['search'])

/** Connection types: their `nodes` are as many as the field returning the connection asks for. */
const isConnection = (type: GraphQLNamedType) => type.name.endsWith('Connection')

/**
 * The introspection lists are as long as this schema makes them: the longest list of each kind.
 */
function introspectionSizes(schema: GraphQLSchema): Record<string, number> {
  const types = Object.values(schema.getTypeMap())
  let fields = 1
  let args = 1
  let enumValues = 1
  let inputFields = 1
  for (const t of types) {
    if ('getFields' in t) {
      const f = Object.values(t.getFields())
      if (isObjectType(t)) {
        fields = Math.max(fields, f.length)
        for (const field of f as GraphQLField<unknown, unknown>[]) args = Math.max(args, field.args.length)
      } else inputFields = Math.max(inputFields, f.length)
    }
    if ('getValues' in t) enumValues = Math.max(enumValues, t.getValues().length)
  }
  const directives = schema.getDirectives()
  for (const d of directives) args = Math.max(args, d.args.length)
  return {
    '__Schema.types': types.length,
    '__Schema.directives': directives.length,
    '__Type.fields': fields,
    '__Type.interfaces': types.length,
    '__Type.possibleTypes': types.length,
    '__Type.enumValues': enumValues,
    '__Type.inputFields': inputFields,
    '__Field.args': args,
    '__Directive.args': args,
    '__Directive.locations': 19,
  }
}

export interface LimitChecker {
  /** Throws QUERY_TOO_COMPLEX (or BAD_USER_INPUT for variables that cannot be coerced). */
  check(document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>): void
}

export function createLimitChecker(schema: GraphQLSchema): LimitChecker {
  const sizes: Record<string, number> = { ...introspectionSizes(schema), ...fixedListSizes }
  // A connection's nodes are counted by the field that returns the connection.
  for (const type of Object.values(schema.getTypeMap()))
    if (isObjectType(type) && isConnection(type)) sizes[`${type.name}.nodes`] = 1

  return {
    check(document, operation, variables) {
      const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, {
        maxErrors: 5,
      })
      if (coerced.errors) {
        throw new ApiError('BAD_USER_INPUT', coerced.errors[0]?.message ?? 'Invalid variables.')
      }
      const variableValues = coerced.coerced
      const fragments = new Map<string, FragmentDefinitionNode>()
      for (const def of document.definitions)
        if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def)
      let aliases = 0

      /** Items a field returns at most (1 for non-lists); `first` is read as execution reads it. */
      const multiplier = (
        parentName: string,
        field: GraphQLField<unknown, unknown>,
        node: Parameters<typeof getArgumentValues>[1],
        inherited: number | undefined,
      ): number => {
        const type = getNullableType(field.type)
        const named = getNamedType(field.type)
        const listLike = isListType(type) || isConnection(named)
        if (!listLike) return 1
        const fixed = sizes[`${parentName}.${field.name}`]
        if (fixed !== undefined) return fixed
        if (inherited !== undefined) return inherited
        return firstOf(field, node)
      }
      /** A field's `first` as execution reads it, clamped to what the resolvers accept. */
      const firstOf = (
        field: GraphQLField<unknown, unknown>,
        node: Parameters<typeof getArgumentValues>[1],
      ): number => {
        if (field.args.some((a) => a.name === 'first')) {
          const args = getArgumentValues(field, node, variableValues)
          const first = args.first
          // The resolvers refuse anything outside 1..MAX_PAGE_SIZE; null means the default.
          if (typeof first === 'number' && Number.isFinite(first))
            return Math.min(Math.max(Math.trunc(first), 1), MAX_PAGE_SIZE)
          const fallback = field.args.find((a) => a.name === 'first')?.defaultValue
          return typeof fallback === 'number' ? fallback : MAX_PAGE_SIZE
        }
        return MAX_PAGE_SIZE
      }

      const walk = (
        set: SelectionSetNode,
        parent: GraphQLNamedType | undefined,
        depth: number,
        seen: ReadonlySet<string>,
        /** Set inside an object whose lists are bounded by its field's `first` (search results). */
        inherited?: number,
      ): number => {
        if (depth > limits.maxDepth) {
          throw new ApiError('QUERY_TOO_COMPLEX', `Query is nested deeper than ${limits.maxDepth} levels.`, {
            maxDepth: limits.maxDepth,
          })
        }
        let cost = 0
        for (const sel of set.selections) {
          if (sel.kind === Kind.FIELD) {
            if (sel.alias) aliases++
            const fieldDef = fieldOf(schema, parent, sel.name.value)
            if (!sel.selectionSet) {
              cost += 1
              continue
            }
            const size =
              fieldDef && parent ? multiplier(parent.name, fieldDef, sel, inherited) : MAX_PAGE_SIZE
            const child = fieldDef ? getNamedType(fieldDef.type) : undefined
            // search(first) returns an object whose every list holds up to `first` items.
            const bound = fieldDef && boundsChildLists.has(fieldDef.name) ? firstOf(fieldDef, sel) : undefined
            cost += 1 + size * walk(sel.selectionSet, child, depth + 1, seen, bound)
          } else if (sel.kind === Kind.INLINE_FRAGMENT) {
            const on = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : parent
            cost += walk(sel.selectionSet, on ?? parent, depth, seen, inherited)
          } else {
            const name = sel.name.value
            if (seen.has(name))
              throw new ApiError('GRAPHQL_VALIDATION_FAILED', `Fragment '${name}' spreads itself.`)
            const fragment = fragments.get(name)
            if (fragment) {
              const on = schema.getType(fragment.typeCondition.name.value) ?? parent
              cost += walk(fragment.selectionSet, on, depth, new Set([...seen, name]), inherited)
            }
          }
          if (cost > limits.maxCost) break
        }
        return cost
      }

      const cost = walk(operation.selectionSet, schema.getQueryType() ?? undefined, 1, new Set())
      if (aliases > limits.maxAliases) {
        throw new ApiError('QUERY_TOO_COMPLEX', `Query uses more than ${limits.maxAliases} aliases.`, {
          maxAliases: limits.maxAliases,
        })
      }
      if (cost > limits.maxCost) {
        throw new ApiError(
          'QUERY_TOO_COMPLEX',
          `Query cost exceeds ${limits.maxCost}; request fewer items or fields.`,
          { maxCost: limits.maxCost },
        )
      }
    },
  }
}

/** The field's definition on an object type, an interface, or the meta fields of any type. */
function fieldOf(
  schema: GraphQLSchema,
  parent: GraphQLNamedType | undefined,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (!parent) return undefined
  if (name === '__schema' || name === '__type') {
    const type = schema.getType(name === '__schema' ? '__Schema' : '__Type')
    return type && isObjectType(type)
      ? ({ name, type, args: [] } as unknown as GraphQLField<unknown, unknown>)
      : undefined
  }
  if (isObjectType(parent) || (isAbstractType(parent) && 'getFields' in parent)) {
    return (parent.getFields() as Record<string, GraphQLField<unknown, unknown>>)[name]
  }
  return undefined
}
