import {
  avatarImageSrc,
  checkAvatar,
  DEFAULT_IPFS_GATEWAY,
  isValidBio,
  parseAvatarUrl,
  parseTwitterHandle,
  USERNAME_BIO_MAX_LENGTH,
  validateUsername,
} from '@oxbow/core'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useIntl } from 'react-intl'
import { getRuntimeConfig } from '../../config/index.ts'
import { loadUsernameWrites, type UsernameProfile } from '../../identity/index.ts'
import { Button } from '../../ui/index.ts'
import styles from './AccountDrawer.module.css'
import { AvatarImage } from './AvatarImage.tsx'
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

/** What the form submits. */
export interface Draft {
  readonly username: string
  readonly bio: string
  readonly twitter: string
  readonly avatar: Uint8Array | null | undefined
  /** A new avatar link (https or ipfs://); undefined: unchanged. */
  readonly avatarLink: string | undefined
}

/**
 * The Username view's claim and edit form: the name checked live (core's rules, then the API's
 * availability), an avatar upload or link, bio and Twitter link.
 */
export function ProfileForm(props: {
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
