export {
  EVM_ADDRESS_PATTERN,
  isEvmAddress,
  MAX_RESERVED_ADDRESS,
  reservedAddressKind,
  shortenAddress,
} from './address.ts'
export type { AmountInputError, FormatTokenAmountOptions } from './amounts.ts'
export { formatTokenAmount, parseAmountInput, sanitizeAmountInput, toDecimalString } from './amounts.ts'
export { isNetworkCostHigh, isSmallBalance, isValidDeadline, limitOrderCapacity } from './checks.ts'
export * from './constants.ts'
export type { DisplayCurrency } from './currency.ts'
export {
  DEFAULT_DISPLAY_CURRENCY,
  displayCurrencies,
  formatFiat,
  isDisplayCurrency,
} from './currency.ts'
export type { ErrorCode } from './errors.ts'
export {
  CoreError,
  errorCatalogue,
  errorText,
  isCoreError,
  isErrorCode,
  UserFacingError,
  userFacingCode,
  userFacingText,
} from './errors.ts'
export { delocalizeDecimalText, localizeDecimalText, numberSymbols } from './numerals.ts'
export type {
  AvatarType,
  ProfileAction,
  SignedProfileFields,
  UsernameClaimError,
} from './profileSigning.ts'
export {
  AVATAR_URL_MAX_LENGTH,
  avatarDigest,
  avatarImageSrc,
  checkAvatar,
  DEFAULT_IPFS_GATEWAY,
  parseAvatarUrl,
  parseIpfsUrl,
  profileSignText,
  sniffAvatarType,
  usernameClaimErrors,
} from './profileSigning.ts'
export { seededRandom } from './random.ts'
export type { SlippageCheck } from './slippage.ts'
export { validateSlippage } from './slippage.ts'
export type { UsernameCheck, UsernameProblem } from './username.ts'
export {
  isValidBio,
  isValidUsername,
  parseTwitterHandle,
  twitterLink,
  usernameMessages,
  validateUsername,
} from './username.ts'
