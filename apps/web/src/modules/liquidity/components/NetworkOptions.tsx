import type { NetworkInfo } from '../../config/index.ts'

/** One `<option>` a network (its slug as the value, its name as the label), for the liquidity forms' network `<select>`s. */
export function NetworkOptions(props: { networks: readonly Pick<NetworkInfo, 'slug' | 'name'>[] }) {
  return props.networks.map((n) => (
    <option key={n.slug} value={n.slug}>
      {n.name}
    </option>
  ))
}
