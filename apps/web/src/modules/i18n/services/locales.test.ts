import assert from 'node:assert/strict'
import { test } from 'node:test'
import { matchLocale } from './locales.ts'

// The lng parameter resolves as the saved setting and the browser's languages do (@oxbow/i18n):
// regional fallbacks included, which the web's own copy of the matcher had lost.
test('behavior: lng matches exactly, by region fallback, then by language', () => {
  assert.equal(matchLocale('fr-fr'), 'fr-FR')
  assert.equal(matchLocale('es-CL'), 'es-419')
  assert.equal(matchLocale('zh-HK'), 'zh-TW')
  assert.equal(matchLocale('pt_BR'), 'pt-BR')
  assert.equal(matchLocale('<script>'), undefined)
})
