import type { UsernameClaimError } from '@oxbow/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { loadUsernameWrites, type UsernameProfile, usernameOfQuery } from '../../identity/index.ts'
import { Button } from '../../ui/index.ts'
import { loadWalletRuntime, setAccountUsername } from '../../wallet/index.ts'
import styles from './AccountDrawer.module.css'
import { AvatarImage } from './AvatarImage.tsx'
import { accountMessages } from './accountMessages.ts'
import { ProfileForm } from './ProfileForm.tsx'
import { usernameMessages as m } from './usernameMessages.ts'

type Hex = `0x${string}`

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
