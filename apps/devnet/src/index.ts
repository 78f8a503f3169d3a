export { TEST_MNEMONIC, type TestAccount, testAccounts } from './accounts.ts'
export { anvilBinary } from './anvil.ts'
export { type CompiledSeedContracts, compileSeedContracts } from './compile.ts'
export {
  type Devnet,
  defaultDataDir,
  manifestPathFor,
  type StartDevnetOptions,
  startDevnet,
} from './devnet.ts'
export { AnvilError, PortInUseError } from './errors.ts'
export {
  type DevnetClients,
  devnetChain,
  devnetClients,
  feeOnTransferTokenAbi,
  revert,
  snapshot,
  walletTransport,
  whyReverted,
} from './helpers.ts'
export {
  hasPostgresBinaries,
  postgresSkipReason,
  startTestPostgres,
  type TestPostgres,
} from './postgres.ts'
export { redisSkipReason, startTestRedis, type TestRedis } from './redis.ts'
export { type Simulator, startSimulator } from './simulator.ts'
export { MARKUP_SYMBOL } from './universe.ts'
