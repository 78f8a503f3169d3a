/**
 * One lazy loader per catalog file in ../locales. Each is a separate dynamic import of a literal
 * path, so Vite emits one chunk per locale and loads only the active one. Kept in step with the
 * folder by src/i18n.test.ts (add a line here when adding locales/<tag>.json).
 */
type Catalog = { default: Record<string, string> }

export const catalogLoaders: Readonly<Record<string, () => Promise<Catalog>>> = {
  'ar-SA': () => import('../locales/ar-SA.json', { with: { type: 'json' } }),
  'de-DE': () => import('../locales/de-DE.json', { with: { type: 'json' } }),
  'en-US': () => import('../locales/en-US.json', { with: { type: 'json' } }),
  'es-419': () => import('../locales/es-419.json', { with: { type: 'json' } }),
  'es-ES': () => import('../locales/es-ES.json', { with: { type: 'json' } }),
  'fa-IR': () => import('../locales/fa-IR.json', { with: { type: 'json' } }),
  'fr-FR': () => import('../locales/fr-FR.json', { with: { type: 'json' } }),
  'he-IL': () => import('../locales/he-IL.json', { with: { type: 'json' } }),
  'hi-IN': () => import('../locales/hi-IN.json', { with: { type: 'json' } }),
  'id-ID': () => import('../locales/id-ID.json', { with: { type: 'json' } }),
  'it-IT': () => import('../locales/it-IT.json', { with: { type: 'json' } }),
  'ja-JP': () => import('../locales/ja-JP.json', { with: { type: 'json' } }),
  'ko-KR': () => import('../locales/ko-KR.json', { with: { type: 'json' } }),
  'nl-NL': () => import('../locales/nl-NL.json', { with: { type: 'json' } }),
  'pl-PL': () => import('../locales/pl-PL.json', { with: { type: 'json' } }),
  'pt-BR': () => import('../locales/pt-BR.json', { with: { type: 'json' } }),
  'pt-PT': () => import('../locales/pt-PT.json', { with: { type: 'json' } }),
  'ru-RU': () => import('../locales/ru-RU.json', { with: { type: 'json' } }),
  'th-TH': () => import('../locales/th-TH.json', { with: { type: 'json' } }),
  'tr-TR': () => import('../locales/tr-TR.json', { with: { type: 'json' } }),
  'uk-UA': () => import('../locales/uk-UA.json', { with: { type: 'json' } }),
  'ur-PK': () => import('../locales/ur-PK.json', { with: { type: 'json' } }),
  'vi-VN': () => import('../locales/vi-VN.json', { with: { type: 'json' } }),
  'zh-CN': () => import('../locales/zh-CN.json', { with: { type: 'json' } }),
  'zh-TW': () => import('../locales/zh-TW.json', { with: { type: 'json' } }),
}
