/**
 * Negative controls of suites/auth/. The server runs with authentication: a read-write static token, a
 * read-only and an expired one, and an OAuth2 client; the run gets the client credentials and the two
 * special tokens.
 */
import type { Fault } from '../fault.ts'
import type { ReferenceServerOptions, ServerRequest } from '../../reference-server/index.ts'
import { onOperations, withJson } from '../fault-kit.ts'
import { errorResponse, jsonOk } from './scenario-kit.ts'

const AREAS = ['auth']
const RW = 'conformance-rw-token-0001'
const RO = 'conformance-ro-token-0002'
const EXPIRED = 'conformance-expired-token-0003'
const CLIENT = { clientId: 'conformance-client', clientSecret: 'conformance-client-secret-0004' }

const SERVER: Partial<ReferenceServerOptions> = {
  auth: {
    token: RW,
    tokens: [
      { token: RO, readOnly: true },
      { token: EXPIRED, expired: true },
    ],
    clients: [CLIENT],
  },
}
const RUN_ARGS = [
  '--client-id',
  CLIENT.clientId,
  '--client-secret',
  CLIENT.clientSecret,
  '--read-only-token',
  RO,
  '--expired-token',
  EXPIRED,
]

/** A request whose bearer token `from` is replaced by `to`. */
const swapToken = (from: string, to: string) => (req: ServerRequest) =>
  req.headers.authorization === `Bearer ${from}`
    ? { ...req, headers: { ...req.headers, authorization: `Bearer ${to}` } }
    : req

export const faults: Fault[] = [
  {
    name: 'oauth-empty-form-500',
    description:
      'A token request without grant_type crashes the token endpoint (500) instead of an OAuth 400.',
    areas: AREAS,
    breaks: ['auth/oauth/empty-form-4xx'],
    hooks: () => ({
      onRequest: (req) =>
        req.path.endsWith('/oauth/tokens') && !new URLSearchParams(req.body).has('grant_type')
          ? errorResponse(500, 'NullPointerException', 'grant_type')
          : req,
    }),
  },
  {
    name: 'auth-not-enforced',
    description: 'Requests without a token, or with an invalid one, are served.',
    areas: AREAS,
    breaks: ['auth/no-token/401', 'auth/bad-token/401'],
    server: SERVER,
    runArgs: RUN_ARGS,
    hooks: () => ({ flags: { authNotEnforced: true } }),
  },
  {
    name: 'auth-expired-token-accepted',
    description: 'An expired token is still accepted.',
    areas: AREAS,
    breaks: ['auth/expired-token/419-or-401'],
    server: SERVER,
    runArgs: RUN_ARGS,
    hooks: () => ({ onRequest: swapToken(EXPIRED, RW) }),
  },
  {
    name: 'auth-read-only-can-write',
    description: 'A read-only token may create namespaces.',
    areas: AREAS,
    breaks: ['auth/read-only/write-403'],
    server: SERVER,
    runArgs: RUN_ARGS,
    hooks: () => ({ onRequest: swapToken(RO, RW) }),
  },
  {
    name: 'auth-token-type-mac',
    description: 'After the first token, the token endpoint answers token_type "mac" for a bearer token.',
    areas: AREAS,
    breaks: ['auth/oauth/client-credentials'],
    server: SERVER,
    runArgs: RUN_ARGS,
    hooks: () => {
      let issued = 0
      return {
        onResponse: onOperations(
          ['getToken'],
          (res) => withJson(res, (b) => ({ ...b, token_type: 'mac' })),
          (res) => res.status === 200 && ++issued > 1,
        ),
      }
    },
  },
  {
    name: 'auth-wrong-secret-issues-token',
    description: 'A wrong client secret still gets a token.',
    areas: AREAS,
    breaks: ['auth/oauth/bad-secret'],
    server: SERVER,
    runArgs: RUN_ARGS,
    hooks: () => ({
      onResponse: onOperations(
        ['getToken'],
        () => jsonOk(200, { access_token: 'conformance-issued-0005', token_type: 'bearer' }),
        (res) => res.status === 401,
      ),
    }),
  },
]
