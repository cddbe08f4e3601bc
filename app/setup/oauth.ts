/** The OAuth2 client-credentials flow (RFC 6749 §4.4), as the Iceberg REST spec's token endpoint describes it. */
import { HarnessError } from '../../suites/_harness/results/errors.ts'
import type { Transport } from '../../suites/_harness/http/transport.ts'

export async function fetchClientCredentialsToken(
  transport: Transport,
  tokenUrl: string,
  clientId: string,
  clientSecret: string,
  scope: string,
): Promise<string> {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: clientSecret,
    scope,
  })
  const ex = await transport.send({
    operationId: 'getToken',
    method: 'POST',
    url: tokenUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: body.toString(),
  })
  if (ex.transportError)
    throw new HarnessError(`cannot reach the OAuth2 token endpoint: ${ex.transportError}`)
  const token = (ex.json as { access_token?: unknown } | undefined)?.access_token
  if (ex.status !== 200 || typeof token !== 'string')
    throw new HarnessError(
      `the OAuth2 token endpoint answered ${ex.status} without an access_token; check the client credentials`,
    )
  return token
}
