/** Prints the runtime config as JSON (used by the Vite dev server, which cannot import workspace TS). */
import { buildRuntimeConfig } from './runtimeConfig.ts'

process.stdout.write(JSON.stringify(await buildRuntimeConfig()))
