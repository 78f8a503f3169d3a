/**
 * Username profiles in the API's schema: the live profiles (one per address, its name unique), every
 * name ever held (a name changed away from or deleted stays there, retired, so nobody can claim it
 * again), per address how many names it has held and the issued-at time of its last accepted
 * signed text (replays refused), and which addresses each device claimed for.
 */
import type { Migration, Queryable } from '../db/index.ts'

export const usernameMigrations: readonly Migration[] = [
  {
    name: '001_usernames',
    sql: `
CREATE TABLE username_names (
  name text PRIMARY KEY,
  address text NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz
);
CREATE TABLE username_accounts (
  address text PRIMARY KEY,
  names_held integer NOT NULL DEFAULT 0,
  last_signed_at timestamptz
);
CREATE TABLE username_profiles (
  address text PRIMARY KEY REFERENCES username_accounts (address),
  name text NOT NULL UNIQUE REFERENCES username_names (name),
  bio text NOT NULL DEFAULT '',
  twitter text NOT NULL DEFAULT '',
  avatar bytea,
  avatar_type text,
  avatar_sha256 text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE username_devices (
  device_id text NOT NULL,
  address text NOT NULL,
  PRIMARY KEY (device_id, address)
);
`,
  },
  {
    // An avatar may be a link (https or ipfs://, core's parseAvatarUrl) instead of uploaded bytes.
    name: '002_username_avatar_url',
    sql: 'ALTER TABLE username_profiles ADD COLUMN avatar_url text;',
  },
]

export interface Avatar {
  readonly bytes: Uint8Array
  readonly type: string
  readonly sha256: string
}

export interface Profile {
  readonly address: string
  readonly username: string
  readonly bio: string
  readonly twitter: string
  /** SHA-256 hex of the uploaded avatar, null without one. */
  readonly avatarSha256: string | null
  /** The avatar link (https or ipfs://) when the avatar is one, else null. */
  readonly avatarLink: string | null
}

/** A profile's avatar as a write sets it: uploaded bytes, a link, or none (null). */
export type AvatarChange = Avatar | { readonly link: string } | null

type Row = Record<string, unknown>

function profileFromRow(row: Row): Profile {
  return {
    address: String(row.address),
    username: String(row.name),
    bio: String(row.bio),
    twitter: String(row.twitter),
    avatarSha256: row.avatar_sha256 === null ? null : String(row.avatar_sha256),
    avatarLink: row.avatar_url === null || row.avatar_url === undefined ? null : String(row.avatar_url),
  }
}

const PROFILE_COLUMNS = 'address, name, bio, twitter, avatar_sha256, avatar_url'

export function createUsernameStore(db: Queryable) {
  return {
    async profileByAddress(address: string): Promise<Profile | null> {
      const [row] = await db.query<Row>(
        `SELECT ${PROFILE_COLUMNS} FROM username_profiles WHERE address = $1`,
        [address],
      )
      return row ? profileFromRow(row) : null
    },
    async profileByName(name: string): Promise<Profile | null> {
      const [row] = await db.query<Row>(`SELECT ${PROFILE_COLUMNS} FROM username_profiles WHERE name = $1`, [
        name,
      ])
      return row ? profileFromRow(row) : null
    },
    /** Whether a name was ever held (live or retired). */
    async nameHeld(name: string): Promise<boolean> {
      return (await db.query('SELECT 1 FROM username_names WHERE name = $1', [name])).length > 0
    },
    async avatar(address: string): Promise<Avatar | null> {
      const [row] = await db.query<Row>(
        'SELECT avatar, avatar_type, avatar_sha256 FROM username_profiles WHERE address = $1 AND avatar IS NOT NULL',
        [address],
      )
      if (!row) return null
      const raw = row.avatar as Uint8Array
      return {
        bytes: new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength),
        type: String(row.avatar_type),
        sha256: String(row.avatar_sha256),
      }
    },
    /** The address's account row, locked for this transaction (created first if new). */
    async lockAccount(address: string): Promise<{ namesHeld: number; lastSignedAt: number | null }> {
      await db.query('INSERT INTO username_accounts (address) VALUES ($1) ON CONFLICT (address) DO NOTHING', [
        address,
      ])
      const [row] = await db.query<Row>(
        'SELECT names_held, last_signed_at FROM username_accounts WHERE address = $1 FOR UPDATE',
        [address],
      )
      const last = row?.last_signed_at
      return {
        namesHeld: Number(row?.names_held ?? 0),
        lastSignedAt: last === null || last === undefined ? null : new Date(last as string | Date).getTime(),
      }
    },
    async recordSignature(address: string, issuedAt: string) {
      await db.query('UPDATE username_accounts SET last_signed_at = $2 WHERE address = $1', [
        address,
        issuedAt,
      ])
    },
    /** Takes a name for good; false when anyone ever held it. */
    async takeName(name: string, address: string): Promise<boolean> {
      const rows = await db.query(
        'INSERT INTO username_names (name, address) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING RETURNING name',
        [name, address],
      )
      if (rows.length === 0) return false
      await db.query('UPDATE username_accounts SET names_held = names_held + 1 WHERE address = $1', [address])
      return true
    },
    async retireName(name: string) {
      await db.query('UPDATE username_names SET retired_at = now() WHERE name = $1', [name])
    },
    async deviceAddresses(deviceId: string): Promise<string[]> {
      const rows = await db.query<Row>('SELECT address FROM username_devices WHERE device_id = $1', [
        deviceId,
      ])
      return rows.map((row) => String(row.address))
    },
    async addDevice(deviceId: string, address: string) {
      await db.query(
        'INSERT INTO username_devices (device_id, address) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        [deviceId, address],
      )
    },
    /** Writes the profile (insert or replace); `avatar` undefined keeps the stored one. */
    async saveProfile(
      profile: Omit<Profile, 'avatarSha256' | 'avatarLink'>,
      avatar: AvatarChange | undefined,
    ): Promise<void> {
      await db.query(
        `INSERT INTO username_profiles (address, name, bio, twitter)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (address) DO UPDATE SET name = $2, bio = $3, twitter = $4, updated_at = now()`,
        [profile.address, profile.username, profile.bio, profile.twitter],
      )
      if (avatar !== undefined) {
        const bytes = avatar && 'bytes' in avatar ? avatar : null
        const link = avatar && 'link' in avatar ? avatar.link : null
        await db.query(
          'UPDATE username_profiles SET avatar = $2, avatar_type = $3, avatar_sha256 = $4, avatar_url = $5 WHERE address = $1',
          [profile.address, bytes?.bytes ?? null, bytes?.type ?? null, bytes?.sha256 ?? null, link],
        )
      }
    },
    async deleteProfile(address: string) {
      await db.query('DELETE FROM username_profiles WHERE address = $1', [address])
    },
  }
}

export type UsernameStore = ReturnType<typeof createUsernameStore>
