import assert from 'node:assert/strict'
import { readdir } from 'node:fs/promises'
import { describe, it } from 'node:test'
import {
  catalogLoaders,
  DEFAULT_LOCALE,
  hasCatalog,
  isRtl,
  loadMessages,
  locales,
  matchLocale,
  resolveLocale,
} from './index.ts'

describe('locales', () => {
  it('lists about 60 unique, valid tags with en-US first and several Spanish variants', () => {
    assert.ok(locales.length >= 55 && locales.length <= 65, `${locales.length}`)
    assert.equal(locales[0]?.tag, DEFAULT_LOCALE)
    assert.equal(new Set(locales.map((locale) => locale.tag)).size, locales.length)
    for (const locale of locales) {
      assert.deepEqual(Intl.getCanonicalLocales(locale.tag), [locale.tag], locale.tag)
      assert.equal(locale.dir, isRtl(locale.tag) ? 'rtl' : 'ltr')
      assert.ok(locale.name && locale.nativeName)
      if (locale.complete) assert.ok(hasCatalog(locale.tag), `${locale.tag} is complete but has no catalog`)
    }
    assert.ok(locales.filter((locale) => locale.tag.startsWith('es-')).length >= 4)
  })

  it('knows the right-to-left languages', () => {
    for (const tag of ['ar-SA', 'he-IL', 'fa-IR', 'ur-PK', 'ar', 'AR_eg']) assert.ok(isRtl(tag), tag)
    for (const tag of ['en-US', 'ja-JP', 'arn', '']) assert.ok(!isRtl(tag), tag)
  })
})

describe('resolveLocale', () => {
  it('follows the spec order: param, saved, browser, default', () => {
    assert.equal(resolveLocale({ param: 'fr-FR', saved: 'de-DE', browser: ['ja-JP'] }), 'fr-FR')
    assert.equal(resolveLocale({ param: null, saved: 'de-DE', browser: ['ja-JP'] }), 'de-DE')
    assert.equal(resolveLocale({ browser: ['ja-JP'] }), 'ja-JP')
    assert.equal(resolveLocale({}), 'en-US')
    assert.equal(resolveLocale({ param: 'xx-YY', saved: 'garbage!', browser: ['tlh'] }), 'en-US')
  })
  it('matches browser tags exactly, then by language, in the browser order', () => {
    assert.equal(resolveLocale({ browser: ['de', 'en-US'] }), 'de-DE')
    assert.equal(resolveLocale({ browser: ['xx', 'pt-pt'] }), 'pt-PT')
    assert.equal(resolveLocale({ browser: ['pt-AO'] }), 'pt-BR')
    assert.equal(resolveLocale({ browser: ['es-CL'] }), 'es-419')
    assert.equal(resolveLocale({ browser: ['es-MX'] }), 'es-MX')
    assert.equal(resolveLocale({ browser: ['es'] }), 'es-ES')
    assert.equal(resolveLocale({ browser: ['zh-HK'] }), 'zh-TW')
    assert.equal(resolveLocale({ browser: ['zh-Hant-TW'] }), 'zh-TW')
    assert.equal(resolveLocale({ browser: ['zh'] }), 'zh-CN')
    assert.equal(matchLocale('EN_us'), 'en-US')
  })
})

describe('catalogs', () => {
  it('has a loader for exactly the catalog files in locales/', async () => {
    const files = (await readdir(new URL('../locales/', import.meta.url)))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length))
      .sort()
    assert.deepEqual(Object.keys(catalogLoaders).sort(), files)
    for (const tag of files)
      assert.ok(
        locales.some((locale) => locale.tag === tag),
        `${tag} is not listed`,
      )
  })

  it('loads a locale over the en-US fallback; unknown tags give English', async () => {
    const english = await loadMessages('en-US')
    assert.ok(Object.keys(english).length > 50)
    for (const locale of locales) {
      const messages = await loadMessages(locale.tag)
      assert.deepEqual(Object.keys(messages).sort(), Object.keys(english).sort(), locale.tag)
    }
    assert.deepEqual(await loadMessages('xx-YY'), english)
    assert.equal(await loadMessages('en-US'), english, 'cached')
  })
})
