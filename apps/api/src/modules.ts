/**
 * The modules the running API serves, built from its config. Each feature adds itself here.
 */
import type { ApiModule, Logger } from './app.ts'
import type { ApiConfig } from './config.ts'

export async function createModules(_config: ApiConfig, _log: Logger): Promise<ApiModule[]> {
  return []
}
