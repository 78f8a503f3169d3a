import { defineMessages } from '../../../lib/messages.ts'

/** The username view's texts: the spec's four rule messages and five claim errors, and our own labels. */
export const usernameMessages = defineMessages({
  title: { id: 'account.username.title', defaultMessage: 'Username' },
  none: { id: 'account.username.none', defaultMessage: 'Not claimed' },
  intro: {
    id: 'account.username.intro',
    defaultMessage:
      'Claim a public username for this wallet. Anyone can find and send to it. You can change it twice; a name you leave can never be claimed again.',
  },
  username: { id: 'account.username.field', defaultMessage: 'Username' },
  avatar: { id: 'account.username.avatar', defaultMessage: 'Avatar' },
  avatarHint: { id: 'account.username.avatarHint', defaultMessage: 'PNG, JPEG, WebP or GIF, up to 100 KB' },
  removeAvatar: { id: 'account.username.removeAvatar', defaultMessage: 'Remove avatar' },
  avatarLink: { id: 'account.username.avatarLink', defaultMessage: 'Or an image link (https:// or ipfs://)' },
  bio: { id: 'account.username.bio', defaultMessage: 'Bio' },
  bioCount: { id: 'account.username.bioCount', defaultMessage: '{count} / {max}' },
  twitter: { id: 'account.username.twitter', defaultMessage: 'Twitter' },
  twitterPlaceholder: { id: 'account.username.twitterPlaceholder', defaultMessage: '@handle' },
  twitterInvalid: {
    id: 'account.username.twitterInvalid',
    defaultMessage: 'Enter a Twitter handle or profile link',
  },
  available: { id: 'account.username.available', defaultMessage: 'Available' },
  checking: { id: 'account.username.checking', defaultMessage: 'Checking availability' },
  claim: { id: 'account.username.claim', defaultMessage: 'Claim username' },
  save: { id: 'account.username.save', defaultMessage: 'Save' },
  edit: { id: 'account.username.edit', defaultMessage: 'Edit profile' },
  cancel: { id: 'account.username.cancel', defaultMessage: 'Cancel' },
  delete: { id: 'account.username.delete', defaultMessage: 'Delete username' },
  deleteConfirm: {
    id: 'account.username.deleteConfirm',
    defaultMessage: 'Delete {name}? Nobody, you included, can ever claim this name again.',
  },
  deleteYes: { id: 'account.username.deleteYes', defaultMessage: 'Delete' },
  signing: { id: 'account.username.signing', defaultMessage: 'Sign the message in your wallet' },
  saved: { id: 'account.username.saved', defaultMessage: 'Profile saved' },
  deleted: { id: 'account.username.deleted', defaultMessage: 'Username deleted' },
  loadFailed: { id: 'account.username.loadFailed', defaultMessage: "Couldn't load your username" },
  // The spec's rules
  LETTERS_AND_NUMBERS: {
    id: 'account.username.rule.lettersAndNumbers',
    defaultMessage: 'Usernames can only contain letters and numbers',
  },
  LOWERCASE: {
    id: 'account.username.rule.lowercase',
    defaultMessage: 'Usernames can only contain lowercase letters and numbers',
  },
  TOO_SHORT: {
    id: 'account.username.rule.tooShort',
    defaultMessage: 'Usernames must be at least {number} characters',
  },
  TOO_LONG: {
    id: 'account.username.rule.tooLong',
    defaultMessage: 'Usernames cannot be more than {number} characters',
  },
  // The spec's claim errors
  USERNAME_CHANGE_LIMIT: {
    id: 'account.username.error.changeLimit',
    defaultMessage: 'Address change limit reached',
  },
  USERNAME_DEVICE_LIMIT: { id: 'account.username.error.deviceLimit', defaultMessage: 'Device limit reached' },
  USERNAME_UNAVAILABLE: { id: 'account.username.error.unavailable', defaultMessage: 'Unavailable' },
  AVATAR_INVALID: { id: 'account.username.error.avatar', defaultMessage: 'Avatar failure' },
  GENERAL: { id: 'account.username.error.general', defaultMessage: 'General failure' },
})
