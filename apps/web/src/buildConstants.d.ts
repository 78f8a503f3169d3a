/** Replaced at build time by vite.config.ts (`define`); see modules/config/services/buildHash.ts. */
declare const __OXBOW_BUILD_HASH__: string
