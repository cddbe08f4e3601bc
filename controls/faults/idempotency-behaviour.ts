/**
 * Negative controls of suites/idempotency/behaviour.test.ts: a server that honours keys but hides it, and one that
 * replays a stored answer for whatever request reuses a key (the Java test server's behaviour): a DELETE answered
 * 204 that deleted nothing.
 */
import type { ServerResponse } from '../../reference-server/index.ts'
import type { Fault } from '../fault.ts'
import { onOperations, withJson } from '../fault-kit.ts'

export const faults: Fault[] = [
  {
    name: 'idempotency-honoured-unadvertised',
    description:
      'The server honours Idempotency-Key but /v1/config does not advertise idempotency-key-lifetime.',
    areas: ['idempotency'],
    breaks: ['idempotency/config/advertised-when-honoured'],
    hooks: () => ({
      onResponse: onOperations(['getConfig'], (res) =>
        withJson(res, (body) => {
          const { 'idempotency-key-lifetime': _hidden, ...rest } = body
          return rest
        }),
      ),
    }),
  },
  {
    name: 'idempotency-key-replays-any-operation',
    description:
      'A key is bound to nothing: any later request with it gets the first answer, and is not run.',
    areas: ['idempotency'],
    breaks: ['idempotency/key-reuse/no-false-success'],
    hooks: () => {
      const stored = new Map<string, { sig: string; res: ServerResponse }>()
      return {
        onRequest: (req) => {
          const key = req.headers['idempotency-key']
          const first = key ? stored.get(key) : undefined
          return first && first.sig !== `${req.method} ${req.path}` ? first.res : req
        },
        onResponse: (req, res) => {
          const key = req.headers['idempotency-key']
          if (key && !stored.has(key) && res.status < 500)
            stored.set(key, { sig: `${req.method} ${req.path}`, res })
          return res
        },
      }
    },
  },
]
