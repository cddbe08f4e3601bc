/**
 * Negative controls of the robustness suites (suites/robustness/): a server that crashes (5xx) on bad input
 * instead of refusing it, or that accepts what the spec says it must refuse.
 */
import type { Fault } from '../fault.ts'
import { jsonOf, notJson, onOperations, operationOf, withJson, withStatus } from '../fault-kit.ts'
import { BODY_CASES } from '../../suites/robustness/inputs.ts'
import type { OperationId } from '../../schemas/operations.ts'
import { errorResponse, requestJson, withRequestJson } from './scenario-kit.ts'
import type { ServerRequest, ServerResponse } from '../../reference-server/index.ts'
import { rewriteRequests } from './commits.ts'

type Json = Record<string, unknown>

const R = ['robustness']

/** The write operations the malformed-input suites send bad bodies to (suites/robustness/inputs.ts). */
const BODY_OPS: readonly OperationId[] = BODY_CASES.map((c) => c.op)

/** `answer` to a BODY_OPS request whose body `matches`; every other request goes to the server. */
const answerBodies =
  (matches: (body: string) => boolean, answer: () => ServerResponse) =>
  (req: ServerRequest): ServerRequest | ServerResponse => {
    const op = operationOf(req)
    return op !== undefined && BODY_OPS.includes(op) && matches(req.body) ? answer() : req
  }

const crash = (message: string): ServerResponse => ({
  status: 500,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ error: { message, type: 'InternalServerError', code: 500 } }),
})

const as500 = (res: ServerResponse): ServerResponse =>
  withJson(withStatus(res, 500), (b) => ({
    error: { ...(b.error as object), code: 500, type: 'InternalServerError' },
  }))

export const faults: Fault[] = [
  {
    name: 'rename-empty-name-500',
    description: 'A rename whose source table name is empty crashes the handler (500) instead of a 4xx.',
    areas: ['robustness'],
    files: ['robustness/known-edges.test.ts'],
    breaks: ['robustness/empty-names/no-5xx'],
    hooks: () => ({
      onRequest: (req) => {
        if (operationOf(req) !== 'renameTable') return req
        const source = requestJson(req)?.source as { name?: unknown } | undefined
        return source?.name === ''
          ? errorResponse(500, 'IllegalArgumentException', 'Invalid name: empty')
          : req
      },
    }),
  },
  {
    // The body is valid by the document's schema (any representation type): the 500 is a robustness finding, recorded
    // under errors/no-5xx as robustness/generated/createView records it, not a failure of the SHOULD rule.
    name: 'view-unknown-representation-500',
    description: 'A view version with a representation that is not SQL crashes the view builder (500).',
    areas: ['robustness'],
    files: ['robustness/known-edges.test.ts'],
    breaks: ['errors/no-5xx'],
    hooks: () => ({
      onRequest: (req) =>
        operationOf(req) === 'createView' && req.body.includes('"conformance-unknown"')
          ? errorResponse(500, 'IllegalStateException', 'Found unsupported view representations')
          : req,
    }),
  },
  {
    name: 'view-unknown-representation-stored',
    description:
      'A view version with a representation that is not SQL is stored as given (200) instead of refused.',
    areas: ['robustness'],
    files: ['robustness/known-edges.test.ts'],
    breaks: ['robustness/view-representation/unknown-type-4xx'],
    hooks: () => ({
      onRequest: (req) => {
        if (operationOf(req) !== 'createView' || !req.body.includes('"conformance-unknown"')) return req
        const body = requestJson(req) as { 'view-version'?: { representations?: unknown[] } }
        // The clean server refuses the unknown type: hand it a valid SQL representation so it stores the view.
        if (body['view-version'])
          body['view-version'].representations = [{ type: 'sql', sql: 'SELECT 1', dialect: 'spark' }]
        return withRequestJson(req, body)
      },
    }),
  },
  {
    // Its 500 to a text that is not JSON is the generated rules' to judge (they try `{` first): the malformed-JSON
    // property is blocked by them (controls/counted-once.test.ts).
    name: 'bad-body-crashes-500',
    description: 'a malformed or invalid request body makes the write operations answer 500 instead of 400.',
    areas: R,
    breaks: ['robustness/wrong-types/4xx'],
    hooks: () => ({
      onResponse: onOperations(BODY_OPS, as500, (res) => res.status === 400),
    }),
  },
  {
    // `{` and a body cut short are refused as they should be; texts that do not start as an object crash.
    name: 'malformed-variants-crash-500',
    description:
      'a write operation refuses a body that starts as a JSON object and is cut short, but crashes (500) on other texts that are not JSON (a list, single quotes, a bare word).',
    areas: R,
    breaks: ['robustness/malformed-json/4xx'],
    hooks: () => ({
      onRequest: answerBodies(
        (body) => notJson(body) && !body.trimStart().startsWith('{'),
        () => crash('Unexpected character in the body'),
      ),
    }),
  },
  {
    // lakana's answer: one defect, judged by errors/malformed-json-400 alone (controls/counted-once.test.ts).
    name: 'malformed-json-422',
    description:
      'a body that is not JSON, or none, is refused with 422 and the error envelope instead of 400.',
    areas: ['errors'],
    breaks: ['errors/malformed-json-400'],
    hooks: () => ({
      onRequest: answerBodies(
        (body) => body === '' || notJson(body),
        () => errorResponse(422, 'RequestValidationError', 'JSON decode error'),
      ),
    }),
  },
  {
    // Not every unknown name: a server refusing none is judged by the scenario rules, and the property is blocked
    // by them (controls/counted-once.test.ts); it looks for names a server treats otherwise.
    name: 'unknown-extension-kinds-ignored',
    description:
      'unknown update actions and requirement types named like an extension (x-…) are skipped as vendor extensions instead of answered with 400; other unknown names are refused.',
    areas: R,
    breaks: ['robustness/unknown-update/400'],
    hooks: () => ({
      onRequest: rewriteRequests(['updateTable'], (b) => {
        const extension = (name: unknown) => typeof name === 'string' && name.startsWith('x-')
        if (Array.isArray(b.updates)) b.updates = b.updates.filter((u: Json) => !extension(u.action))
        if (Array.isArray(b.requirements))
          b.requirements = b.requirements.filter((r: Json) => !extension(r.type))
      }),
    }),
  },
  {
    name: 'bad-page-token-crashes-500',
    description: 'an undecodable page token crashes listTables with a 500.',
    areas: R,
    breaks: ['robustness/page-token/no-5xx'],
    hooks: () => ({ onResponse: onOperations(['listTables'], as500, (res) => res.status === 400) }),
  },
  {
    name: 'bad-idempotency-key-crashes-500',
    description: 'an Idempotency-Key that is not a UUID crashes the request with a 500.',
    areas: R,
    breaks: ['robustness/idempotency-key/no-5xx'],
    hooks: () => ({
      onRequest: (req: ServerRequest) => {
        const key = req.headers['idempotency-key']
        return key !== undefined && !/^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(key)
          ? crash('cannot parse idempotency key')
          : req
      },
    }),
  },
  {
    name: 'long-name-crashes-500',
    description:
      'a namespace level longer than 255 characters overflows a VARCHAR(255) column: createNamespace answers 500.',
    areas: R,
    breaks: ['robustness/oversized-names/no-5xx'],
    hooks: () => ({
      onRequest: (req: ServerRequest) => {
        if (req.method !== 'POST' || !req.path.endsWith('/namespaces')) return req
        const body = jsonOf({ status: 200, headers: {}, body: req.body }) as
          { namespace?: unknown } | undefined
        const levels = Array.isArray(body?.namespace) ? (body.namespace as unknown[]) : []
        return levels.some((l) => typeof l === 'string' && l.length > 255)
          ? crash('value too long for column')
          : req
      },
    }),
  },
  {
    name: 'bad-body-422',
    description: 'a malformed or invalid request body is answered 422 instead of 400 (with the envelope).',
    areas: R,
    breaks: ['robustness/bad-request/status-400'],
    hooks: () => ({
      onResponse: onOperations(
        ['createNamespace', 'updateProperties', 'createTable', 'updateTable', 'renameTable'],
        (res) =>
          withJson(withStatus(res, 422), (b) => ({
            error: { ...(b.error as object), code: 422, type: 'UnprocessableEntityException' },
          })),
        (res) => res.status === 400,
      ),
    }),
  },
]
