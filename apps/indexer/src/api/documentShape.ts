/**
 * A parsed document's validation shape: a key equal for two documents exactly when graphql-js's
 * validation rules (`specifiedRules`) cannot tell them apart, so a document whose shape passed
 * validation once need not be validated again.
 *
 * Why: clients that write their values into the query text (`first: 20`, an address literal, a
 * numbered alias per request) send a new text per request, and validating each one was the largest
 * single cost of a distinct query (issue #16: a quarter of the API's CPU at 50 connections). Such
 * texts differ in literal values and aliases only, and validation reads those only as:
 *
 * - a literal's kind, and for an integer whether it fits 32 bits (ValuesOfCorrectType: an Int must,
 *   ID, Float and the schema's custom scalars take any integer, other types none);
 * - which literals are equal (OverlappingFieldsCanBeMerged: two fields of one response name must
 *   have equal arguments);
 * - which response names are equal (the same rule).
 *
 * So the key keeps everything else of the document verbatim (names of fields, arguments, types,
 * variables, fragments, operations, directives, enum values; floats and integers beyond 32 bits) and
 * numbers the rest in order of first appearance: integers within 32 bits, strings (block strings
 * apart: they print differently), and aliases. Equal literals get equal numbers, different ones
 * different numbers, so every relation the rules read is kept. An alias that is also the name of a
 * field in the document would make a numbered alias lose a clash with that field's response name:
 * such a document has no shape (null) and is always validated, as is one with a definition kind
 * outside executable documents (ExecutableDefinitions refuses those anyway).
 *
 * Limits (src/api/limits.ts) and execution still read the request's own document.
 */
import type { ASTNode, DocumentNode, ValueNode } from 'graphql'

const INT32_MIN = -(2 ** 31)
const INT32_MAX = 2 ** 31 - 1

class NoShape extends Error {}

export function documentShape(document: DocumentNode): string | null {
  const literals = new Map<string, number>()
  const aliases = new Map<string, number>()
  const fieldNames = new Set<string>()
  const out: string[] = []
  const numbered = (map: Map<string, number>, raw: string) => {
    let n = map.get(raw)
    if (n === undefined) {
      n = map.size
      map.set(raw, n)
    }
    return n
  }

  const value = (node: ValueNode): void => {
    switch (node.kind) {
      case 'Variable':
        out.push('$', node.name.value)
        return
      case 'IntValue': {
        const n = Number(node.value)
        if (n >= INT32_MIN && n <= INT32_MAX) out.push('#', String(numbered(literals, `i${node.value}`)))
        else out.push('I', node.value)
        return
      }
      case 'FloatValue':
        out.push('F', node.value)
        return
      case 'StringValue':
        out.push('"', String(numbered(literals, `${node.block ? 'b' : 's'}${node.value}`)))
        return
      case 'BooleanValue':
        out.push(node.value ? 'T' : 'N')
        return
      case 'NullValue':
        out.push('0')
        return
      case 'EnumValue':
        out.push('E', node.value)
        return
      case 'ListValue':
        out.push('[')
        for (const v of node.values) value(v)
        out.push(']')
        return
      case 'ObjectValue':
        out.push('{')
        for (const f of node.fields) {
          out.push(' ', f.name.value, ':')
          value(f.value)
        }
        out.push('}')
        return
      default:
        throw new NoShape()
    }
  }

  const type = (node: ASTNode): void => {
    switch (node.kind) {
      case 'NamedType':
        out.push(' ', node.name.value)
        return
      case 'ListType':
        out.push('[')
        type(node.type)
        out.push(']')
        return
      case 'NonNullType':
        type(node.type)
        out.push('!')
        return
      default:
        throw new NoShape()
    }
  }

  const directives = (list: readonly ASTNode[] | undefined) => {
    for (const d of list ?? []) {
      if (d.kind !== 'Directive') throw new NoShape()
      out.push('@', d.name.value)
      args(d.arguments)
    }
  }

  const args = (list: readonly ASTNode[] | undefined) => {
    if (!list || list.length === 0) return
    out.push('(')
    for (const a of list) {
      if (a.kind !== 'Argument') throw new NoShape()
      out.push(' ', a.name.value, ':')
      value(a.value)
    }
    out.push(')')
  }

  const selections = (node: ASTNode | undefined) => {
    if (!node) return
    if (node.kind !== 'SelectionSet') throw new NoShape()
    out.push('{')
    for (const s of node.selections) {
      switch (s.kind) {
        case 'Field':
          fieldNames.add(s.name.value)
          if (s.alias) out.push(' =', String(numbered(aliases, s.alias.value)))
          out.push(' ', s.name.value)
          args(s.arguments)
          directives(s.directives)
          selections(s.selectionSet)
          break
        case 'FragmentSpread':
          out.push(' ...', s.name.value)
          directives(s.directives)
          break
        case 'InlineFragment':
          out.push(' ...')
          if (s.typeCondition) out.push('on', s.typeCondition.name.value)
          directives(s.directives)
          selections(s.selectionSet)
          break
        default:
          throw new NoShape()
      }
    }
    out.push('}')
  }

  try {
    for (const d of document.definitions) {
      switch (d.kind) {
        case 'OperationDefinition':
          out.push('\n', d.operation, d.name ? ` ${d.name.value}` : '')
          if (d.variableDefinitions && d.variableDefinitions.length > 0) {
            out.push('(')
            for (const v of d.variableDefinitions) {
              out.push(' $', v.variable.name.value, ':')
              type(v.type)
              if (v.defaultValue) {
                out.push('=')
                value(v.defaultValue)
              }
              directives(v.directives)
            }
            out.push(')')
          }
          directives(d.directives)
          selections(d.selectionSet)
          break
        case 'FragmentDefinition':
          if (d.variableDefinitions && d.variableDefinitions.length > 0) throw new NoShape()
          out.push('\nfragment ', d.name.value, ' on ', d.typeCondition.name.value)
          directives(d.directives)
          selections(d.selectionSet)
          break
        default:
          throw new NoShape()
      }
    }
  } catch (error) {
    if (error instanceof NoShape) return null
    throw error
  }
  for (const alias of aliases.keys()) if (fieldNames.has(alias)) return null
  return out.join('')
}
