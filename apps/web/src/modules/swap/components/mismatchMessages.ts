import { defineMessages } from '../../../lib/messages.ts'

/** The delegation-mismatch popup (DelegationMismatchPopup.tsx). */
export const mismatchMessages = defineMessages({
  title: { id: 'swap.mismatch.title', defaultMessage: 'Smart wallet unavailable on this network' },
  body: {
    id: 'swap.mismatch.body',
    defaultMessage:
      'Your wallet is delegated to another contract, which cannot batch transactions here. Swaps still work, with approvals sent as separate transactions; gasless orders are off.',
  },
  dismiss: { id: 'swap.mismatch.dismiss', defaultMessage: 'Got it' },
})
