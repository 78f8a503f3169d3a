/**
 * The passkey embedded wallet's tables in the API's schema: wallets (the WebAuthn user handle and,
 * once its key exists, its address), their credentials (public key, signature counter, the
 * authenticator's AAGUID and the wallet key's ciphertext under that passkey), single-use expiring
 * challenges and sign-in sessions. The server never holds a wallet key in the clear: the ciphertext
 * is encrypted in the browser with a key derived from the passkey's PRF output.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Database, Migration } from '../db/index.ts'

export const passkeyMigrations: readonly Migration[] = [
  {
    name: '001_passkeys',
    sql: `
CREATE TABLE passkey_wallets (
  id text PRIMARY KEY,
  address text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE passkey_credentials (
  id text PRIMARY KEY,
  wallet_id text NOT NULL REFERENCES passkey_wallets (id) ON DELETE CASCADE,
  public_key text NOT NULL,
  counter bigint NOT NULL,
  transports text NOT NULL DEFAULT '',
  aaguid text NOT NULL,
  backed_up boolean NOT NULL,
  ciphertext text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkey_credentials_wallet ON passkey_credentials (wallet_id, created_at);
CREATE TABLE passkey_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'signin', 'verify')),
  wallet_id text,
  expires_at timestamptz NOT NULL
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);
CREATE TABLE passkey_sessions (
  token_hash text PRIMARY KEY,
  wallet_id text NOT NULL REFERENCES passkey_wallets (id) ON DELETE CASCADE,
  credential_id text NOT NULL,
  verified_until timestamptz,
  expires_at timestamptz NOT NULL
);
`,
  },
  {
    // A verification is bound to the action it was made for: a challenge asked for 'add' or
    // 'delete' carries it, and the session remembers which action its verification allows.
    name: '002_verified_action',
    sql: `
ALTER TABLE passkey_challenges ADD COLUMN action text CHECK (action IN ('add', 'delete'));
ALTER TABLE passkey_sessions ADD COLUMN verified_action text CHECK (verified_action IN ('add', 'delete'));
`,
  },
]

export type ChallengePurpose = 'register' | 'signin' | 'verify'
/** What a verification allows: adding a passkey or deleting one (never both). */
export type VerifiedAction = 'add' | 'delete'

export interface StoredCredential {
  readonly id: string
  readonly walletId: string
  readonly publicKey: string
  readonly counter: number
  readonly transports: readonly string[]
  readonly aaguid: string
  readonly backedUp: boolean
  readonly ciphertext: string | null
  readonly createdAt: string
  readonly lastUsedAt: string | null
}

export interface Session {
  readonly walletId: string
  readonly credentialId: string
  readonly address: string | null
  /** The action a still-valid verification allows, else null. */
  readonly verifiedFor: VerifiedAction | null
}

type Row = Record<string, unknown>
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value))
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

function credentialFromRow(row: Row): StoredCredential {
  return {
    id: String(row.id),
    walletId: String(row.wallet_id),
    publicKey: String(row.public_key),
    counter: Number(row.counter),
    transports: String(row.transports).split(',').filter(Boolean),
    aaguid: String(row.aaguid),
    backedUp: Boolean(row.backed_up),
    ciphertext: row.ciphertext === null ? null : String(row.ciphertext),
    createdAt: iso(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
  }
}

export function createPasskeyStore(db: Database, now: () => number) {
  const at = (ms: number) => new Date(now() + ms).toISOString()
  return {
    async saveChallenge(
      challenge: string,
      purpose: ChallengePurpose,
      walletId: string | null,
      ttlMs: number,
      action: VerifiedAction | null = null,
    ) {
      await db.query('DELETE FROM passkey_challenges WHERE expires_at < $1', [at(0)])
      await db.query(
        'INSERT INTO passkey_challenges (challenge, purpose, wallet_id, expires_at, action) VALUES ($1, $2, $3, $4, $5)',
        [challenge, purpose, walletId, at(ttlMs), action],
      )
    },
    /** Takes a challenge once: deleted whether or not it is still valid; null if unknown or expired. */
    async consumeChallenge(
      challenge: string,
      purpose: ChallengePurpose,
    ): Promise<{ walletId: string | null; action: VerifiedAction | null } | null> {
      const [row] = await db.query<Row>(
        'DELETE FROM passkey_challenges WHERE challenge = $1 RETURNING purpose, wallet_id, expires_at, action',
        [challenge],
      )
      if (!row || row.purpose !== purpose) return null
      if (new Date(iso(row.expires_at)).getTime() <= now()) return null
      return {
        walletId: row.wallet_id === null ? null : String(row.wallet_id),
        action: row.action === 'add' || row.action === 'delete' ? row.action : null,
      }
    },
    async createWallet(id: string) {
      await db.query('INSERT INTO passkey_wallets (id) VALUES ($1) ON CONFLICT (id) DO NOTHING', [id])
    },
    async walletAddress(walletId: string): Promise<string | null> {
      const [row] = await db.query<Row>('SELECT address FROM passkey_wallets WHERE id = $1', [walletId])
      return row?.address ? String(row.address) : null
    },
    async walletByAddress(address: string): Promise<string | null> {
      const [row] = await db.query<Row>('SELECT id FROM passkey_wallets WHERE lower(address) = lower($1)', [
        address,
      ])
      return row ? String(row.id) : null
    },
    async addCredential(credential: Omit<StoredCredential, 'createdAt' | 'lastUsedAt' | 'ciphertext'>) {
      await db.query(
        `INSERT INTO passkey_credentials (id, wallet_id, public_key, counter, transports, aaguid, backed_up)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          credential.id,
          credential.walletId,
          credential.publicKey,
          credential.counter,
          credential.transports.join(','),
          credential.aaguid,
          credential.backedUp,
        ],
      )
    },
    async credential(id: string): Promise<StoredCredential | null> {
      const [row] = await db.query<Row>('SELECT * FROM passkey_credentials WHERE id = $1', [id])
      return row ? credentialFromRow(row) : null
    },
    async credentials(walletId: string): Promise<StoredCredential[]> {
      const rows = await db.query<Row>(
        'SELECT * FROM passkey_credentials WHERE wallet_id = $1 ORDER BY created_at, id',
        [walletId],
      )
      return rows.map(credentialFromRow)
    },
    /** Moves the counter forward only from the value read (false when another sign-in got there first). */
    async advanceCounter(id: string, from: number, to: number): Promise<boolean> {
      const rows = await db.query<Row>(
        'UPDATE passkey_credentials SET counter = $3, last_used_at = $4 WHERE id = $1 AND counter = $2 RETURNING id',
        [id, from, to, at(0)],
      )
      return rows.length === 1
    },
    /**
     * Stores the wallet key's ciphertext under one credential, and the wallet's address the first
     * time; false when the wallet already has another address.
     */
    async setKey(
      walletId: string,
      credentialId: string,
      address: string,
      ciphertext: string,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [wallet] = await tx.query<Row>('SELECT address FROM passkey_wallets WHERE id = $1 FOR UPDATE', [
          walletId,
        ])
        if (!wallet) return false
        if (wallet.address !== null && String(wallet.address).toLowerCase() !== address.toLowerCase())
          return false
        if (wallet.address === null)
          await tx.query('UPDATE passkey_wallets SET address = $2 WHERE id = $1', [walletId, address])
        const rows = await tx.query<Row>(
          'UPDATE passkey_credentials SET ciphertext = $3 WHERE id = $2 AND wallet_id = $1 RETURNING id',
          [walletId, credentialId, ciphertext],
        )
        return rows.length === 1
      })
    },
    /** Deletes a credential of the wallet; the number left, or null if it was not the wallet's. */
    async deleteCredential(walletId: string, id: string): Promise<number | null> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<Row>(
          'DELETE FROM passkey_credentials WHERE id = $1 AND wallet_id = $2 RETURNING id',
          [id, walletId],
        )
        if (rows.length === 0) return null
        const [left] = await tx.query<Row>(
          'SELECT count(*)::int AS n FROM passkey_credentials WHERE wallet_id = $1',
          [walletId],
        )
        // The session of a deleted passkey ends with it.
        await tx.query('DELETE FROM passkey_sessions WHERE credential_id = $1', [id])
        return Number(left?.n ?? 0)
      })
    },
    async createSession(walletId: string, credentialId: string, ttlMs: number): Promise<string> {
      const token = randomBytes(32).toString('base64url')
      await db.query('DELETE FROM passkey_sessions WHERE expires_at < $1', [at(0)])
      await db.query(
        'INSERT INTO passkey_sessions (token_hash, wallet_id, credential_id, expires_at) VALUES ($1, $2, $3, $4)',
        [hashToken(token), walletId, credentialId, at(ttlMs)],
      )
      return token
    },
    async session(token: string): Promise<Session | null> {
      const [row] = await db.query<Row>(
        `SELECT s.wallet_id, s.credential_id, s.verified_until, s.verified_action, s.expires_at, w.address
           FROM passkey_sessions s JOIN passkey_wallets w ON w.id = s.wallet_id WHERE s.token_hash = $1`,
        [hashToken(token)],
      )
      if (!row || new Date(iso(row.expires_at)).getTime() <= now()) return null
      const verifiedUntil = row.verified_until === null ? 0 : new Date(iso(row.verified_until)).getTime()
      return {
        walletId: String(row.wallet_id),
        credentialId: String(row.credential_id),
        address: row.address === null ? null : String(row.address),
        verifiedFor:
          verifiedUntil > now() && (row.verified_action === 'add' || row.verified_action === 'delete')
            ? row.verified_action
            : null,
      }
    },
    /** The session's verification allows `action` (and only it) for `ttlMs`. */
    async markVerified(token: string, ttlMs: number, action: VerifiedAction) {
      await db.query(
        'UPDATE passkey_sessions SET verified_until = $2, verified_action = $3 WHERE token_hash = $1',
        [hashToken(token), at(ttlMs), action],
      )
    },
    async endSession(token: string): Promise<boolean> {
      const rows = await db.query<Row>(
        'DELETE FROM passkey_sessions WHERE token_hash = $1 RETURNING wallet_id',
        [hashToken(token)],
      )
      return rows.length === 1
    },
  }
}

export type PasskeyStore = ReturnType<typeof createPasskeyStore>
