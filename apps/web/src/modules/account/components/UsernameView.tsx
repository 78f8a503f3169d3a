import {
  avatarImageSrc,
  checkAvatar,
  DEFAULT_IPFS_GATEWAY,
  isValidBio,
  parseAvatarUrl,
  parseTwitterHandle,
  USERNAME_BIO_MAX_LENGTH,
  type UsernameClaimError,
  validateUsername,
} from '@oxbow/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useIntl } from 'react-intl'
import { getRuntimeConfig } from '../../config/index.ts'
import { loadUsernameWrites, type UsernameProfile, usernameOfQuery } from '../../identity/index.ts'
import { Button } from '../../ui/index.ts'
import { loadWalletRuntime, setAccountUsername } from '../../wallet/index.ts'
import styles from './AccountDrawer.module.css'
import { AvatarImage } from './AvatarImage.tsx'
import { accountMessages } from './accountMessages.ts'
import { usernameMessages as m } from './usernameMessages.ts'

type Hex = `0x${string}`

/** The avatar chosen in the form: bytes and a data: URL to preview them (the CSP allows data:). */
interface ChosenAvatar {
  readonly bytes: Uint8Array
  readonly preview: string
}

const readFile = (file: File) =>
  new Promise<{ bytes: Uint8Array; preview: string }>((resolve, reject) => {
    const reader = new FileReader()
    reader.onerror = () => reject(reader.error)
    reader.onload = () => {
      const preview = String(reader.result)
      const base64 = preview.slice(preview.indexOf(',') + 1)
      const binary = atob(base64)
      const bytes = new Uint8Array(binary.length)
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
      resolve({ bytes, preview })
    }
    reader.readAsDataURL(file)
  })

/**
 * The drawer's Username view: the connected wallet's public profile (spec: name, avatar, bio,
 * Twitter link) to claim, edit and delete. Every change is signed by the wallet (personal_sign over
 * @oxbow/core's profile text) and stored by the API; the name is checked live with the spec's rules
 * and the API's availability, and a refused claim shows the spec's error.
 */
export default function UsernameView(props: { address: Hex }) {
  const intl = useIntl()
  const queryClient = useQueryClient()
  const profileQuery = useQuery(usernameOfQuery(props.address))
  const profile = profileQuery.data ?? null
  const [editing, setEditing] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null)

  const saved = (next: UsernameProfile | null) => {
    queryClient.setQueryData(usernameOfQuery(props.address).queryKey, next)
    void queryClient.invalidateQueries({ queryKey: ['username', 'name'] })
    setAccountUsername(props.address, next?.username ?? null, next?.avatarUrl ?? null)
  }
  const sign = async (text: string) => (await loadWalletRuntime()).signMessage(text)
  const failure = async (error: unknown) => {
    const { claimErrorOf } = await loadUsernameWrites()
    return intl.formatMessage(m[claimErrorOf(error) satisfies UsernameClaimError])
  }

  if (profileQuery.isLoading) return <p className={styles.muted}>{intl.formatMessage(m.checking)}</p>
  if (profileQuery.isError) {
    return (
      <div className={styles.settings}>
        <p className={styles.sendError} role="alert">
          {intl.formatMessage(m.loadFailed)}
        </p>
        <Button onClick={() => void profileQuery.refetch()}>
          {intl.formatMessage(accountMessages.retry)}
        </Button>
      </div>
    )
  }

  const status = notice ? (
    <p
      className={notice.ok ? styles.sendOk : styles.sendError}
      role={notice.ok ? 'status' : 'alert'}
      data-testid="username-notice"
    >
      {notice.text}
    </p>
  ) : null

  if (!profile || editing) {
    return (
      <div className={styles.settings} data-testid="username-view">
        {!profile ? <p className={styles.muted}>{intl.formatMessage(m.intro)}</p> : null}
        <ProfileForm
          address={props.address}
          current={profile}
          busy={busy}
          onCancel={profile ? () => setEditing(false) : undefined}
          onSubmit={async (draft) => {
            setBusy(true)
            setNotice({ ok: true, text: intl.formatMessage(m.signing) })
            try {
              const { saveUsernameProfile } = await loadUsernameWrites()
              const next = await saveUsernameProfile(
                {
                  ...draft,
                  action: profile ? 'edit' : 'claim',
                  address: props.address,
                  currentAvatarSha256: profile?.avatarSha256 ?? null,
                  currentAvatarLink: profile?.avatarLink ?? null,
                },
                sign,
              )
              saved(next)
              setEditing(false)
              setNotice({ ok: true, text: intl.formatMessage(m.saved) })
            } catch (error) {
              setNotice({ ok: false, text: await failure(error) })
            } finally {
              setBusy(false)
            }
          }}
        />
        {status}
      </div>
    )
  }

  return (
    <div className={styles.settings} data-testid="username-view">
      <div className={styles.identity}>
        {profile.avatarUrl ? (
          <AvatarImage className={styles.avatar} src={profile.avatarUrl} size={40} testId="username-avatar" />
        ) : null}
        <strong data-testid="username-current">{profile.username}</strong>
      </div>
      {profile.bio ? <p>{profile.bio}</p> : null}
      {profile.twitter ? (
        <a href={`https://x.com/${profile.twitter}`} target="_blank" rel="noopener noreferrer">
          @{profile.twitter}
        </a>
      ) : null}
      <div className={styles.modalActions}>
        <Button
          onClick={() => {
            setNotice(null)
            setEditing(true)
          }}
          data-testid="username-edit"
        >
          {intl.formatMessage(m.edit)}
        </Button>
        <Button variant="secondary" onClick={() => setConfirmDelete(true)} data-testid="username-delete">
          {intl.formatMessage(m.delete)}
        </Button>
      </div>
      {confirmDelete ? (
        <div className={styles.confirm} role="alertdialog" aria-label={intl.formatMessage(m.delete)}>
          <p>{intl.formatMessage(m.deleteConfirm, { name: profile.username })}</p>
          <div className={styles.modalActions}>
            <Button
              disabled={busy}
              data-testid="username-delete-confirm"
              onClick={async () => {
                setBusy(true)
                try {
                  const { deleteUsernameProfile } = await loadUsernameWrites()
                  await deleteUsernameProfile(props.address, profile.username, sign)
                  saved(null)
                  setNotice({ ok: true, text: intl.formatMessage(m.deleted) })
                } catch (error) {
                  setNotice({ ok: false, text: await failure(error) })
                } finally {
                  setBusy(false)
                  setConfirmDelete(false)
                }
              }}
            >
              {intl.formatMessage(m.deleteYes)}
            </Button>
            <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
              {intl.formatMessage(m.cancel)}
            </Button>
          </div>
        </div>
      ) : null}
      {status}
    </div>
  )
}

interface Draft {
  readonly username: string
  readonly bio: string
  readonly twitter: string
  readonly avatar: Uint8Array | null | undefined
  /** A new avatar link (https or ipfs://); undefined: unchanged. */
  readonly avatarLink: string | undefined
}

function ProfileForm(props: {
  address: Hex
  current: UsernameProfile | null
  busy: boolean
  onCancel: (() => void) | undefined
  onSubmit: (draft: Draft) => Promise<void>
}) {
  const intl = useIntl()
  const ids = useId()
  const [name, setName] = useState(props.current?.username ?? '')
  const [bio, setBio] = useState(props.current?.bio ?? '')
  const [twitter, setTwitter] = useState(props.current?.twitter ?? '')
  // undefined: keep the stored avatar; null: none; else the chosen one.
  const [avatar, setAvatar] = useState<ChosenAvatar | null | undefined>(undefined)
  const [avatarError, setAvatarError] = useState(false)
  const storedLink = props.current?.avatarLink ?? ''
  const [link, setLink] = useState(storedLink)
  const linkChanged = link !== storedLink
  // An https or ipfs:// link (core's rule, which the API applies too); '' clears a stored one.
  const linkBad = linkChanged && link !== '' && parseAvatarUrl(link) === null
  const [availability, setAvailability] = useState<{ name: string; result: true | string } | null>(null)

  const rule = name === '' ? null : validateUsername(name)
  const renamed = name !== (props.current?.username ?? '')
  useEffect(() => {
    if (!renamed || validateUsername(name)) return
    let cancelled = false
    const timer = setTimeout(() => {
      loadUsernameWrites()
        .then(({ usernameAvailable }) => usernameAvailable(name))
        .then(
          (result) => {
            if (!cancelled) setAvailability({ name, result })
          },
          () => undefined,
        )
    }, 300)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [name, renamed])
  const available = availability?.name === name ? availability.result : null
  const twitterHandle = parseTwitterHandle(twitter)
  const bioOk = isValidBio(bio)
  const nameMessage = rule
    ? intl.formatMessage(m[rule.problem], { number: rule.number })
    : renamed && available !== null && available !== true
      ? intl.formatMessage(m.USERNAME_UNAVAILABLE)
      : null
  const canSubmit =
    name !== '' &&
    !rule &&
    twitterHandle !== null &&
    bioOk &&
    !avatarError &&
    !linkBad &&
    !props.busy &&
    (!renamed || available === true)
  const shownAvatar =
    linkChanged && link !== ''
      ? avatarImageSrc(link, getRuntimeConfig().ipfsGateway ?? DEFAULT_IPFS_GATEWAY)
      : avatar === undefined
        ? linkChanged
          ? null
          : (props.current?.avatarUrl ?? null)
        : (avatar?.preview ?? null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!canSubmit) return
    void props.onSubmit({
      username: name,
      bio,
      twitter,
      // A cleared link removes the avatar; a new file replaces whatever was there.
      avatar:
        avatar === undefined ? (linkChanged && link === '' ? null : undefined) : (avatar?.bytes ?? null),
      avatarLink: avatar === undefined && linkChanged && link !== '' ? link : undefined,
    })
  }

  return (
    <form className={styles.send} onSubmit={submit} noValidate data-testid="username-form">
      <div className={styles.field}>
        <label htmlFor={`${ids}-name`}>{intl.formatMessage(m.username)}</label>
        <input
          id={`${ids}-name`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          value={name}
          aria-invalid={nameMessage !== null}
          aria-describedby={`${ids}-name-status`}
          onChange={(event) => setName(event.target.value.trim())}
          data-testid="username-input"
        />
        <span id={`${ids}-name-status`} aria-live="polite">
          {nameMessage ? (
            <span className={styles.sendError} data-testid="username-rule">
              {nameMessage}
            </span>
          ) : renamed && name !== '' ? (
            <span
              className={available === true ? styles.sendOk : styles.muted}
              data-testid="username-availability"
            >
              {intl.formatMessage(available === true ? m.available : m.checking)}
            </span>
          ) : null}
        </span>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${ids}-avatar`}>{intl.formatMessage(m.avatar)}</label>
        <div className={styles.identity}>
          {shownAvatar ? (
            <AvatarImage
              className={styles.avatar}
              src={shownAvatar}
              size={40}
              testId="username-avatar-preview"
            />
          ) : null}
          <input
            id={`${ids}-avatar`}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-describedby={`${ids}-avatar-hint`}
            data-testid="username-avatar-input"
            onChange={async (event) => {
              const file = event.target.files?.[0]
              if (!file) return
              try {
                const read = await readFile(file)
                const problem = checkAvatar(read.bytes)
                setAvatarError(problem !== null)
                setAvatar(problem ? undefined : read)
                if (!problem) setLink('')
              } catch {
                setAvatarError(true)
              }
            }}
          />
          {shownAvatar ? (
            <Button
              variant="secondary"
              onClick={() => {
                setAvatar(null)
                setAvatarError(false)
                setLink('')
              }}
            >
              {intl.formatMessage(m.removeAvatar)}
            </Button>
          ) : null}
        </div>
        <span id={`${ids}-avatar-hint`} className={avatarError ? styles.sendError : styles.muted}>
          {intl.formatMessage(avatarError ? m.AVATAR_INVALID : m.avatarHint)}
        </span>
        <label htmlFor={`${ids}-avatar-link`}>{intl.formatMessage(m.avatarLink)}</label>
        <input
          id={`${ids}-avatar-link`}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="ipfs://… or https://…"
          value={link}
          aria-invalid={linkBad}
          aria-describedby={linkBad ? `${ids}-avatar-link-error` : undefined}
          onChange={(event) => {
            setLink(event.target.value.trim())
            if (event.target.value.trim() !== '') setAvatar(undefined)
          }}
          data-testid="username-avatar-link"
        />
        {linkBad ? (
          <span
            id={`${ids}-avatar-link-error`}
            className={styles.sendError}
            data-testid="username-avatar-link-error"
          >
            {intl.formatMessage(m.AVATAR_INVALID)}
          </span>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${ids}-bio`}>{intl.formatMessage(m.bio)}</label>
        <input
          id={`${ids}-bio`}
          type="text"
          value={bio}
          maxLength={USERNAME_BIO_MAX_LENGTH}
          aria-invalid={!bioOk}
          onChange={(event) => setBio(event.target.value.replace(/\p{Cc}/gu, ''))}
          data-testid="username-bio"
        />
        <span className={styles.muted}>
          {intl.formatMessage(m.bioCount, { count: [...bio].length, max: USERNAME_BIO_MAX_LENGTH })}
        </span>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${ids}-twitter`}>{intl.formatMessage(m.twitter)}</label>
        <input
          id={`${ids}-twitter`}
          type="text"
          autoComplete="off"
          spellCheck={false}
          placeholder={intl.formatMessage(m.twitterPlaceholder)}
          value={twitter}
          aria-invalid={twitterHandle === null}
          onChange={(event) => setTwitter(event.target.value)}
          data-testid="username-twitter"
        />
        {twitterHandle === null ? (
          <span className={styles.sendError}>{intl.formatMessage(m.twitterInvalid)}</span>
        ) : null}
      </div>
      <div className={styles.modalActions}>
        <Button type="submit" disabled={!canSubmit} data-testid="username-submit">
          {intl.formatMessage(props.current ? m.save : m.claim)}
        </Button>
        {props.onCancel ? (
          <Button variant="secondary" onClick={props.onCancel}>
            {intl.formatMessage(m.cancel)}
          </Button>
        ) : null}
      </div>
    </form>
  )
}
