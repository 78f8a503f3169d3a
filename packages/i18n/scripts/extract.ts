/** `npm run i18n:extract`: refresh locales/en-US.json from the web app's react-intl messages. */
import { join } from 'node:path'
import { extractMessages, localesDir } from './extract-lib.ts'

const out = join(localesDir, 'en-US.json')
const messages = await extractMessages(out)
console.log(`extracted ${Object.keys(messages).length} messages into ${out}`)
