import autocannon, { type Result } from 'autocannon'

/**
 * Distinct queries (issue #16): explore, portfolio and activity with varying pages and accounts.
 * Every request's text is new (a numbered alias), so the response cache (identical requests per
 * indexed state) never answers one: each is parsed, validated and resolved; what requests share is
 * only the per-block data reads the resolvers themselves share.
 */
export async function distinctLoad(
  graphqlUrl: string,
  options: { seconds: number; connections: number; owner: string; accounts: string[] },
): Promise<Result> {
  const { owner, accounts } = options
  let n = 0
  const distinct = () => {
    n++
    const first = (n % 100) + 1
    const who = accounts[n % accounts.length] ?? owner
    const bodies = [
      {
        query: `{ r${n}: tokens(first: ${first}, orderBy: TVL) { nodes { id symbol priceUsd volume24hUsd tvlUsd } } }`,
      },
      {
        query: `query($o: String!) { r${n}: portfolio(owner: $o, hideSmallBalances: ${n % 2 === 0}) { totalValueUsd balances { amount valueUsd token { symbol } } } }`,
        variables: { o: who },
      },
      {
        query: `query($a: String!) { r${n}: activity(address: $a, first: ${first}) { nodes { type txHash timestamp } } }`,
        variables: { a: who },
      },
    ]
    return JSON.stringify(bodies[n % bodies.length])
  }
  return autocannon({
    url: graphqlUrl,
    connections: options.connections,
    duration: options.seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: distinct() }) }],
  })
}
