/**
 * POSTs a query to the indexer's GraphQL endpoint and returns the parsed JSON body (callers
 * validate it with their own schema). Throws when the endpoint is unreachable or answers non-2xx.
 */
export async function postGraphql(
  url: string,
  query: string,
  variables: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
    ...(signal ? { signal } : {}),
  })
  if (!response.ok) throw new Error(`The indexer answered ${response.status}`)
  return response.json()
}
