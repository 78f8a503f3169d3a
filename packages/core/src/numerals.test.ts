import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { delocalizeDecimalText, localizeDecimalText, numberSymbols } from './numerals.ts'

describe('numerals', () => {
  test('behavior: a locale writes amount text in the digits Intl uses for it', () => {
    assert.equal(localizeDecimalText('12.5', 'en-US'), '12.5')
    assert.equal(localizeDecimalText('12.5', 'ar-SA'), '١٢٫٥')
    assert.equal(localizeDecimalText('0.05', 'fa-IR'), '۰٫۰۵')
    assert.equal(localizeDecimalText('1.5', 'de-DE'), '1,5')
    assert.equal(localizeDecimalText('', 'ar-SA'), '')
    assert.equal(numberSymbols('ar-SA').digits.join(''), '٠١٢٣٤٥٦٧٨٩')
  })

  test('behavior: typed text in Latin or the locale digits reads back as Latin with a dot', () => {
    assert.equal(delocalizeDecimalText('١٢٫٥', 'ar-SA'), '12.5')
    assert.equal(delocalizeDecimalText('12.5', 'ar-SA'), '12.5')
    assert.equal(delocalizeDecimalText('١2,5', 'ar-SA'), '12.5')
    assert.equal(delocalizeDecimalText('1,5', 'de-DE'), '1.5')
    assert.equal(delocalizeDecimalText('۱۲٫۵', 'fa-IR'), '12.5')
    assert.equal(
      delocalizeDecimalText('1e5', 'en-US'),
      '1e5',
      'other characters are kept for the rules to refuse',
    )
    for (const locale of ['ar-SA', 'fa-IR', 'en-US', 'de-DE', 'hi-IN'])
      assert.equal(
        delocalizeDecimalText(localizeDecimalText('9876543210.0123', locale), locale),
        '9876543210.0123',
      )
  })
})
