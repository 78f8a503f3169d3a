export type { Address, Hex } from 'viem'
