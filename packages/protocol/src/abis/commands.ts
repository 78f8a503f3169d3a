/** Universal Router 2.x command bytes (`Commands.sol`); OR a command with `allowRevert` to let it fail. */
export const urCommands = {
  V3_SWAP_EXACT_IN: 0x00,
  V3_SWAP_EXACT_OUT: 0x01,
  PERMIT2_TRANSFER_FROM: 0x02,
  PERMIT2_PERMIT_BATCH: 0x03,
  SWEEP: 0x04,
  TRANSFER: 0x05,
  PAY_PORTION: 0x06,
  V2_SWAP_EXACT_IN: 0x08,
  V2_SWAP_EXACT_OUT: 0x09,
  PERMIT2_PERMIT: 0x0a,
  WRAP_ETH: 0x0b,
  UNWRAP_WETH: 0x0c,
  PERMIT2_TRANSFER_FROM_BATCH: 0x0d,
  BALANCE_CHECK_ERC20: 0x0e,
  V4_SWAP: 0x10,
  V3_POSITION_MANAGER_PERMIT: 0x11,
  V3_POSITION_MANAGER_CALL: 0x12,
  V4_INITIALIZE_POOL: 0x13,
  V4_POSITION_MANAGER_CALL: 0x14,
  EXECUTE_SUB_PLAN: 0x21,
  ACROSS_V4_DEPOSIT_V3: 0x40,
  allowRevert: 0x80,
} as const

/** v4-periphery action bytes (`Actions.sol`) for the V4Router (UR `V4_SWAP`) and PositionManager. */
export const v4Actions = {
  INCREASE_LIQUIDITY: 0x00,
  DECREASE_LIQUIDITY: 0x01,
  MINT_POSITION: 0x02,
  BURN_POSITION: 0x03,
  INCREASE_LIQUIDITY_FROM_DELTAS: 0x04,
  MINT_POSITION_FROM_DELTAS: 0x05,
  SWAP_EXACT_IN_SINGLE: 0x06,
  SWAP_EXACT_IN: 0x07,
  SWAP_EXACT_OUT_SINGLE: 0x08,
  SWAP_EXACT_OUT: 0x09,
  DONATE: 0x0a,
  SETTLE: 0x0b,
  SETTLE_ALL: 0x0c,
  SETTLE_PAIR: 0x0d,
  TAKE: 0x0e,
  TAKE_ALL: 0x0f,
  TAKE_PORTION: 0x10,
  TAKE_PAIR: 0x11,
  CLOSE_CURRENCY: 0x12,
  CLEAR_OR_TAKE: 0x13,
  SWEEP: 0x14,
  WRAP: 0x15,
  UNWRAP: 0x16,
  MINT_6909: 0x17,
  BURN_6909: 0x18,
} as const

/** Fee value of a v4 PoolKey that marks a dynamic-fee pool (its one home is @oxbow/core). */
export { V4_DYNAMIC_FEE_FLAG } from '@oxbow/core'

/** The canonical Permit2 address (same on every network, devnet included). */
export const PERMIT2_ADDRESS = '0x000000000022D473030F116dDEE9F6B43aC78BA3' as const

/** EIP-712 types of Permit2's AllowanceTransfer `permit` (single). */
export const permit2PermitSingleTypes = {
  PermitDetails: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint160' },
    { name: 'expiration', type: 'uint48' },
    { name: 'nonce', type: 'uint48' },
  ],
  PermitSingle: [
    { name: 'details', type: 'PermitDetails' },
    { name: 'spender', type: 'address' },
    { name: 'sigDeadline', type: 'uint256' },
  ],
} as const

/** EIP-712 types of Permit2's SignatureTransfer `permitTransferFrom` (single, no witness). */
export const permit2TransferFromTypes = {
  TokenPermissions: [
    { name: 'token', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
  PermitTransferFrom: [
    { name: 'permitted', type: 'TokenPermissions' },
    { name: 'spender', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const

/** Permit2's EIP-712 domain on a chain (no version field). */
export function permit2Domain(chainId: number) {
  return { name: 'Permit2', chainId, verifyingContract: PERMIT2_ADDRESS } as const
}

/**
 * A Permit2 `PermitSingle` as EIP-712 typed data on a chain: what a wallet signs and
 * `verifyTypedData` checks (the message as signed, or as JSON for a client to sign).
 */
export function permitSingleTypedData<const Message>(chainId: number, message: Message) {
  return {
    domain: permit2Domain(chainId),
    types: permit2PermitSingleTypes,
    primaryType: 'PermitSingle',
    message,
  } as const
}
