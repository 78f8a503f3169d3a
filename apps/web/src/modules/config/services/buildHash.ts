/**
 * The git commit this bundle was built from: `vite.config.ts` defines `__OXBOW_BUILD_HASH__` at
 * build time (OXBOW_BUILD_HASH, else `git rev-parse HEAD`, else 'unknown' where there is no git,
 * as in a source tarball). Outside a Vite build (unit tests under tsx) it is 'unknown' too.
 */
export const BUILD_HASH: string =
  typeof __OXBOW_BUILD_HASH__ === 'string' && __OXBOW_BUILD_HASH__ !== '' ? __OXBOW_BUILD_HASH__ : 'unknown'
