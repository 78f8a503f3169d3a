/**
 * The UniswapX SDK, loaded through CommonJS: its ESM build has extension-less imports that plain
 * Node ESM refuses (see shared notes). It builds the orders we hand out and parses any submitted
 * encoding that is not canonical (orderDecode.ts reads the canonical ones as it would).
 */
import { createRequire } from 'node:module'
import type { DutchOrder as SdkDutchOrder } from '@uniswap/uniswapx-sdk'

const require = createRequire(import.meta.url)
const sdk = require('@uniswap/uniswapx-sdk') as typeof import('@uniswap/uniswapx-sdk')

export type DutchOrder = SdkDutchOrder
export const { DutchOrder, DutchOrderBuilder } = sdk
