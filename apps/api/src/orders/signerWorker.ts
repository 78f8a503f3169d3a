/** The signer thread (see signerThread.ts): recovers each batch's signers with `permit2Signer`. */
import { parentPort } from 'node:worker_threads'
import { permit2Signer } from './orderDigest.ts'
import type { FromSignerThread, ToSignerThread } from './signerThread.ts'

const port = parentPort
if (!port) throw new Error('signerWorker.ts runs as a worker thread')

port.on('message', async (batch: ToSignerThread) => {
  const answers: FromSignerThread = await Promise.all(
    batch.map(async ({ id, digest, signature }) => {
      try {
        return { id, signer: await permit2Signer(digest, signature) }
      } catch (error) {
        return { id, error: error instanceof Error ? error.message : String(error) }
      }
    }),
  )
  port.postMessage(answers)
})
