import { defineMessages } from '../../../lib/messages.ts'

export const backupMessages = defineMessages({
  title: { id: 'account.backup.title', defaultMessage: 'Back up your wallet' },
  body: {
    id: 'account.backup.body',
    defaultMessage: 'Download an encrypted copy of your wallet. Only your passkey can open it.',
  },
  download: { id: 'account.backup.download', defaultMessage: 'Download backup' },
  inProgress: { id: 'account.backup.inProgress', defaultMessage: 'Confirm with your passkey…' },
  complete: { id: 'account.backup.complete', defaultMessage: 'Backup downloaded' },
  done: { id: 'account.backup.done', defaultMessage: 'Done' },
  dismiss: { id: 'account.backup.dismiss', defaultMessage: 'Dismiss' },
  failed: { id: 'account.backup.failed', defaultMessage: 'The backup was not downloaded. Try again.' },
})
