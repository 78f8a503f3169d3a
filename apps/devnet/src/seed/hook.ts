/** The seeded v4 hook: deployed through CREATE2 at an address whose low bits carry its permissions. */
import { type Address, concat, getContractAddress, type Hex, keccak256, toHex } from 'viem'
import type { CompiledSeedContracts } from '../compile.ts'
import { type Contracts, CREATE2_DEPLOYER, DEPLOYER } from '../deploy.ts'
import type { Sender } from '../rpc.ts'
import { withArgs } from './model.ts'

/** Hook permissions: AFTER_INITIALIZE (1 << 12) | AFTER_SWAP (1 << 6). */
export const HOOK_FLAGS = 0x1040
const HOOK_MASK = 0x3fff

let hookSaltCache: { initCodeHash: Hex; salt: Hex } | undefined
/** Finds a CREATE2 salt putting the hook at an address whose low 14 bits are its permissions. */
export function mineHookSalt(initCode: Hex): { salt: Hex; address: Address } {
  const initCodeHash = keccak256(initCode)
  if (hookSaltCache?.initCodeHash !== initCodeHash) {
    for (let i = 0; ; i++) {
      const salt = toHex(i, { size: 32 })
      const address = getContractAddress({
        opcode: 'CREATE2',
        from: CREATE2_DEPLOYER,
        salt,
        bytecodeHash: initCodeHash,
      })
      if ((Number.parseInt(address.slice(-4), 16) & HOOK_MASK) === HOOK_FLAGS) {
        hookSaltCache = { initCodeHash, salt }
        break
      }
    }
  }
  const salt = hookSaltCache.salt
  return {
    salt,
    address: getContractAddress({
      opcode: 'CREATE2',
      from: CREATE2_DEPLOYER,
      salt,
      bytecodeHash: initCodeHash,
    }),
  }
}
/** Deploys the hook for this network's PoolManager and returns its address. */
export async function deployHook(
  sender: Sender,
  contracts: Contracts,
  compiled: CompiledSeedContracts,
): Promise<Address> {
  const hookInit = withArgs(compiled.OxbowHook.bytecode, 'address', [contracts.v4PoolManager])
  const hook = mineHookSalt(hookInit)
  await sender.send(
    DEPLOYER,
    { to: CREATE2_DEPLOYER, data: concat([hook.salt, hookInit]), gas: 2_000_000n },
    'hook',
  )
  return hook.address
}
