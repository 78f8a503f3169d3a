import { toHex } from 'viem'
import type { Sender } from '../rpc.ts'

/**
 * Empty blocks mined after the seeded history before a dump. Ponder 1.0 counts the last 30 blocks
 * of a chain id it does not know (ours are local) as unfinalized and indexes them one block at a
 * time at every cold start and every resume: about 0.3 s a block on a busy 2-core machine, 15 s of
 * a 63 s cold start of ethereum + base, spent on seeded swaps no one waits for. Measured with 31
 * empty blocks after the history: the same start ready in 46 s, its tail gone.
 */
export const FINALITY_TAIL = 30

/**
 * Mines {@link FINALITY_TAIL} empty blocks, a second apart, after everything seeded: the seeded
 * history is old news on the chain, all of it in the range the indexer takes as final.
 */
export async function mineFinalityTail(sender: Sender): Promise<void> {
  await sender.request('anvil_mine', [toHex(FINALITY_TAIL), toHex(1)])
}
