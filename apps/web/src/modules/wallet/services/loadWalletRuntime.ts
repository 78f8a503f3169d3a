import type { WalletRuntime } from './runtime.ts'

let loading: Promise<WalletRuntime> | undefined

/** Loads wagmi, viem and the connectors once (a separate chunk), then reuses the same runtime. */
export function loadWalletRuntime(): Promise<WalletRuntime> {
  loading ??= import('./runtime.ts').then((module) => module.createWalletRuntime())
  loading.catch(() => {
    loading = undefined
  })
  return loading
}
