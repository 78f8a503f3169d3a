/**
 * Address screening (GET /v1/screening/:address): whether an address is blocked. The API refuses a
 * blocked swapper, recipient or wallet everywhere with 403 `ADDRESS_BLOCKED`; clients ask first so
 * the app can say so before anything is signed.
 */
import * as z from 'zod/mini'
import { addressOut } from './primitives.ts'

export const screeningResponseSchema = z.object({ address: addressOut, blocked: z.boolean() })
export type ScreeningResponseBody = z.infer<typeof screeningResponseSchema>
