import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'

export interface CatalogReport {
  readonly tag: string
  readonly translated: number
  readonly total: number
  readonly missing: readonly string[]
  readonly problems: readonly string[]
}

/** Argument names and their kinds (argument, number, date, plural, select, tag...) in an ICU message. */
export function placeholders(message: string): string[] {
  const found = new Set<string>()
  const walk = (elements: readonly MessageFormatElement[]): void => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          found.add(`${element.value}:${TYPE[element.type]}`)
          break
        case TYPE.plural:
        case TYPE.select:
          found.add(`${element.value}:${TYPE[element.type]}`)
          for (const option of Object.values(element.options)) walk(option.value)
          break
        case TYPE.tag:
          found.add(`<${element.value}>`)
          walk(element.children)
          break
        default:
          break
      }
    }
  }
  walk(parse(message))
  return [...found].sort()
}

/**
 * Compares a catalog with en-US: which keys it translates, which are missing, and problems (ICU
 * syntax errors, placeholders that differ from English, keys English does not have).
 */
export function checkCatalog(
  tag: string,
  catalog: Readonly<Record<string, unknown>>,
  english: Readonly<Record<string, string>>,
): CatalogReport {
  const problems: string[] = []
  const missing: string[] = []
  let translated = 0
  for (const [key, source] of Object.entries(english)) {
    const message = catalog[key]
    if (message === undefined) {
      missing.push(key)
      continue
    }
    if (typeof message !== 'string') {
      problems.push(`${key}: not a string`)
      continue
    }
    translated++
    let theirs: string[]
    try {
      theirs = placeholders(message)
    } catch (error) {
      problems.push(`${key}: ICU syntax error: ${(error as Error).message}`)
      continue
    }
    const ours = placeholders(source).join(',')
    if (theirs.join(',') !== ours)
      problems.push(`${key}: placeholders [${theirs}] differ from en-US [${ours}]`)
  }
  for (const key of Object.keys(catalog)) {
    if (!Object.hasOwn(english, key)) problems.push(`${key}: not an en-US key (stale)`)
  }
  return { tag, translated, total: Object.keys(english).length, missing, problems }
}
