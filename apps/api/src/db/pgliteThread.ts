/**
 * PGlite in a worker thread. Embedded PostgreSQL runs its statements as WebAssembly in the thread
 * that owns it, and writes its WAL synchronously: at each commit the WAL file (opened O_DSYNC,
 * PGlite's `open_datasync`) is written and waited for on disk, about 10 ms on this machine. On the
 * API's main thread that held every HTTP request for the length of each statement and each commit.
 * Here one worker owns the PGlite instance; the main thread sends it statements and awaits their
 * rows. Durability is PGlite's own, unchanged: a statement's promise resolves after PGlite answered,
 * so a commit answered is on disk.
 *
 * The worker is plain JavaScript evaluated from this module (it needs no TypeScript loader, which
 * would cost a second of CPU at its start), and imports PGlite by its resolved URL. A worker that
 * dies fails the statements sent to it; the next statement starts a new one (PGlite recovers the
 * data directory as after a crash), but a transaction begun on the dead one never continues on
 * another: its later statements fail. Rows cross threads by structured clone (Date, bigint kept).
 */
import { Worker } from 'node:worker_threads'

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const started = import(workerData.pglite).then(async ({ PGlite }) => {
  const db = new PGlite(workerData.dataDir)
  await db.exec(workerData.setup)
  return db
})
started.catch(() => {})
parentPort.on('message', async ({ id, op, sql, params }) => {
  try {
    const db = await started
    if (op === 'close') {
      await db.close()
      parentPort.postMessage({ id, rows: [] })
      return
    }
    const rows = op === 'exec' ? (await db.exec(sql), []) : (await db.query(sql, params)).rows
    parentPort.postMessage({ id, rows })
  } catch (error) {
    parentPort.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
      code: error && typeof error.code === 'string' ? error.code : undefined,
    })
  }
})
`

type Answer = { id: number; rows: object[] } | { id: number; error: string; code?: string }

/** A statement's error as PGlite raised it in the worker (message and SQLSTATE code). */
export class PgliteThreadError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message)
  }
}

/** One worker's PGlite: statements in the order sent. */
export interface PgliteConnection {
  query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<Row[]>
  exec(sql: string): Promise<void>
}

export interface PgliteThread {
  /** The current worker's connection (a new worker when the last one died). */
  connection(): PgliteConnection
  close(): Promise<void>
}

export function startPgliteThread(dataDir: string | undefined, setup: string): PgliteThread {
  const pglite = import.meta.resolve('@electric-sql/pglite')
  let current: { worker: Worker; send: PgliteConnection; close: () => Promise<object[]> } | null = null
  let nextId = 1

  const start = () => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { pglite, dataDir, setup } })
    const pending = new Map<number, { resolve: (rows: object[]) => void; reject: (e: Error) => void }>()
    let dead: Error | null = null
    // the worker keeps the process alive only while a statement is waiting for it
    worker.unref()
    worker.on('message', (answer: Answer) => {
      const waiting = pending.get(answer.id)
      if (!waiting) return
      pending.delete(answer.id)
      if (pending.size === 0) worker.unref()
      if ('error' in answer) waiting.reject(new PgliteThreadError(answer.error, answer.code))
      else waiting.resolve(answer.rows)
    })
    const fail = (error: Error) => {
      dead ??= error
      if (current?.worker === worker) current = null
      for (const waiting of pending.values()) waiting.reject(error)
      pending.clear()
    }
    worker.on('error', fail)
    worker.on('exit', (code) => fail(new Error(`the PGlite thread exited (${code})`)))
    const request = (message: { op: string; sql?: string; params?: readonly unknown[] }) =>
      new Promise<object[]>((resolve, reject) => {
        if (dead) return reject(dead)
        const id = nextId++
        if (pending.size === 0) worker.ref()
        pending.set(id, { resolve, reject })
        worker.postMessage({ id, ...message })
      })
    const send: PgliteConnection = {
      query: async <Row extends object>(sql: string, params: readonly unknown[] = []) =>
        (await request({ op: 'query', sql, params: [...params] })) as Row[],
      exec: async (sql) => {
        await request({ op: 'exec', sql })
      },
    }
    return { worker, send, close: () => request({ op: 'close' }) }
  }

  let closing: Promise<void> | null = null
  return {
    connection() {
      if (closing) throw new Error('the database is closed')
      current ??= start()
      return current.send
    },
    close() {
      closing ??= (async () => {
        const open = current
        if (!open) return
        try {
          // PGlite's own close (a shutdown checkpoint), then the thread
          await open.close()
        } finally {
          await open.worker.terminate()
        }
      })()
      return closing
    },
  }
}
