import { defineMessages } from '../../../lib/messages.ts'

/** The gasless swap's texts (spec: gasless swaps through an order-routing system; "gasless order failed"). */
export const gaslessMessages = defineMessages({
  label: { id: 'swap.gasless.label', defaultMessage: 'Gasless' },
  noNetworkCost: { id: 'swap.gasless.noNetworkCost', defaultMessage: 'Network cost: free (gasless)' },
  explainer: {
    id: 'swap.gasless.explainer',
    defaultMessage:
      'Sign once and pay no network cost: a filler swaps for you. You receive at least {minimum} {symbol}.',
  },
  signOrder: { id: 'swap.gasless.signOrder', defaultMessage: 'Sign the gasless order in your wallet' },
  submitting: { id: 'swap.gasless.submitting', defaultMessage: 'Submitting the order…' },
  pending: { id: 'swap.gasless.pending', defaultMessage: 'Gasless swap pending' },
  estimatedTime: {
    id: 'swap.gasless.estimatedTime',
    defaultMessage: 'Estimated time: {minutes} min {seconds} s',
  },
  confirmed: { id: 'swap.gasless.confirmed', defaultMessage: 'Swap filled, without network cost' },
  failed: {
    id: 'swap.gasless.failed',
    defaultMessage:
      'Gasless order failed. No filler took it before its deadline; you can retry with the classic route.',
  },
  classicRoute: { id: 'swap.gasless.classicRoute', defaultMessage: 'Retry with the classic route' },
})
