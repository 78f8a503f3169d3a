export { ensAddressQuery, ensNameQuery, useEnsAddress, useEnsName } from './hooks/useEns.ts'
export { ensTarget, lookupName, resolveName } from './services/ens.ts'
