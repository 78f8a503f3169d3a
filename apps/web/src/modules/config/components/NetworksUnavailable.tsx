import { type MessageDescriptor, useIntl } from 'react-intl'
import { defineMessages } from '../../../lib/messages.ts'
import { networkName } from '../services/networks.ts'

const m = defineMessages({
  title: { id: 'account.networksUnavailable.title', defaultMessage: 'Test networks unavailable' },
  body: {
    id: 'networks.unavailable.body',
    defaultMessage: 'Not available here: {networks}. There is no data to show.',
  },
})

/**
 * Testnet mode where the indexer serves none of the listed networks: said plainly on a data page
 * (explore, NFTs, the account drawer), never another network's data in their place. `body` (with a
 * `{networks}` placeholder) says what is missing where the generic sentence does not fit.
 */
export function NetworksUnavailable(props: {
  networks: readonly string[]
  className?: string | undefined
  body?: MessageDescriptor | undefined
}) {
  const intl = useIntl()
  return (
    <div className={props.className} role="status" data-testid="networks-unavailable">
      <strong>{intl.formatMessage(m.title)}</strong>
      <p>
        {intl.formatMessage(props.body ?? m.body, {
          networks: intl.formatList(props.networks.map(networkName), { type: 'conjunction' }),
        })}
      </p>
    </div>
  )
}
