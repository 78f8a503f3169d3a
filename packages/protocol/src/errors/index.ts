export { type DecodedRevert, decodeRevert, errorSignatureOf } from './decodeRevert.ts'
export { errorSignatureBySelector, protocolErrorsAbi } from './selectors.ts'
