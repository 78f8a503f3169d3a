import { execFileSync } from 'node:child_process'

/**
 * The commit the bundle is built from (the settings footer shows 6 characters and copies it whole;
 * analytics sends it): OXBOW_BUILD_HASH when set (a CI or tarball build that knows its commit),
 * else `git rev-parse HEAD`, else 'unknown' (no git, or not a checkout: never a made-up hash).
 */
export function resolveBuildHash(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = import.meta.dirname,
): string {
  const given = env.OXBOW_BUILD_HASH?.trim()
  if (given && /^[0-9a-f]{7,64}$/i.test(given)) return given.toLowerCase()
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
    if (/^[0-9a-f]{40,64}$/.test(head)) return head
  } catch {
    // no git binary or not a repository
  }
  return 'unknown'
}
