/**
 * The one error body every route answers with:
 * `{ "error": { "code", "message", "retryable", "details"? } }`.
 */
import * as z from 'zod/mini'

/** INVALID_INPUT's details: each refused field (dotted path) and why. */
export const fieldProblemsSchema = z.array(z.object({ path: z.string(), message: z.string() }))
export type FieldProblem = z.infer<typeof fieldProblemsSchema>[number]

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    retryable: z.optional(z.boolean()),
    details: z.optional(z.unknown()),
  }),
})
export type ErrorBodyShape = z.infer<typeof errorBodySchema>
