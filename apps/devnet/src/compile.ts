/**
 * Compiles contracts/SeedContracts.sol with the pinned solc from npm (solc-js). The four small
 * contracts the seed needs (fee-on-transfer and honeypot tokens, an NFT collection with data: URIs,
 * a v4 hook) exist in no npm artifact in a usable form; compiling our own short source keeps them
 * reviewable. Output is cached by source hash because loading solc-js takes a few seconds.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Abi, Hex } from 'viem'

const require = createRequire(import.meta.url)
export const seedContractsPath = join(import.meta.dirname, 'contracts', 'SeedContracts.sol')

export interface CompiledContract {
  readonly abi: Abi
  readonly bytecode: Hex
}
export type SeedContractName = 'FeeOnTransferToken' | 'HoneypotToken' | 'OxbowCollection' | 'OxbowHook'
export type CompiledSeedContracts = Record<SeedContractName, CompiledContract>

export function seedSourceHash(): string {
  return createHash('sha256').update(readFileSync(seedContractsPath)).digest('hex').slice(0, 16)
}

export function compileSeedContracts(cacheDir: string): CompiledSeedContracts {
  const source = readFileSync(seedContractsPath, 'utf8')
  const cacheFile = join(cacheDir, `seed-contracts.${seedSourceHash()}.json`)
  try {
    return JSON.parse(readFileSync(cacheFile, 'utf8')) as CompiledSeedContracts
  } catch {}
  const solc = require('solc') as { compile(input: string): string }
  const input = {
    language: 'Solidity',
    sources: { 'SeedContracts.sol': { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0)
    throw new Error(`SeedContracts.sol: ${errors.map((e) => e.formattedMessage).join('\n')}`)
  const file = output.contracts['SeedContracts.sol'] ?? {}
  const pick = (name: SeedContractName): CompiledContract => {
    const contract = file[name]
    if (!contract) throw new Error(`SeedContracts.sol: no contract ${name}`)
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  }
  const compiled: CompiledSeedContracts = {
    FeeOnTransferToken: pick('FeeOnTransferToken'),
    HoneypotToken: pick('HoneypotToken'),
    OxbowCollection: pick('OxbowCollection'),
    OxbowHook: pick('OxbowHook'),
  }
  mkdirSync(cacheDir, { recursive: true })
  const tmp = `${cacheFile}.${process.pid}.tmp`
  writeFileSync(tmp, JSON.stringify(compiled))
  renameSync(tmp, cacheFile)
  return compiled
}
