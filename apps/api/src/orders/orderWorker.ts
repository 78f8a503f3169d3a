/** The order thread (see orderThread.ts): checks each batch of orders with `checkOrder`. */
import { parentPort } from 'node:worker_threads'
import { checkOrder } from './orderCheck.ts'
import type { FromOrderThread, ToOrderThread } from './orderThread.ts'

const port = parentPort
if (!port) throw new Error('orderWorker.ts runs as a worker thread')

port.on('message', async (batch: ToOrderThread) => {
  const answers: FromOrderThread = await Promise.all(
    batch.map(async ({ id, input }) => {
      try {
        return { id, checked: await checkOrder(input) }
      } catch (error) {
        return { id, error: error instanceof Error ? error.message : String(error) }
      }
    }),
  )
  port.postMessage(answers)
})
