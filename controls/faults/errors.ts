/** Negative controls of suites/errors/: the error envelope, malformed input and routing robustness. */
import type { Fault } from '../fault.ts'
import { isError, notJson, onOperations, withJson } from '../fault-kit.ts'
import { errorResponse, onRequests, requestJson } from './scenario-kit.ts'

const AREAS = ['errors']
const crash = () => errorResponse(500, 'InternalServerError', 'Unexpected error')

export const faults: Fault[] = [
  {
    name: 'errors-missing-namespace-generic-type',
    description:
      'A 404 for a missing namespace carries type "NotFoundError": Iceberg\'s Java client raises NoSuchTableException on a table operation.',
    areas: ['tables'],
    files: ['tables/rename.test.ts', 'tables/register.test.ts'],
    breaks: ['clients/java-error-type'],
    hooks: () => ({
      onResponse: (_req, res) =>
        res.status === 404 && res.body?.includes('NoSuchNamespaceException')
          ? withJson(res, (b) => {
              const err = b.error as Record<string, unknown> | undefined
              if (err) err.type = 'NotFoundError'
            })
          : res,
    }),
  },
  {
    name: 'errors-envelope-unwrapped',
    description: 'Error bodies leave out the {"error": …} envelope.',
    areas: AREAS,
    breaks: ['errors/envelope/shape'],
    hooks: () => ({ flags: { unwrappedErrors: true } }),
  },
  {
    name: 'errors-code-always-500',
    description: 'Error bodies carry code 500 whatever the HTTP status.',
    areas: AREAS,
    breaks: ['errors/envelope/code-equals-status'],
    hooks: () => ({ flags: { wrongErrorCode: true } }),
  },
  {
    name: 'errors-malformed-json-500',
    description: 'A body that is not JSON crashes the server (500).',
    areas: AREAS,
    breaks: ['errors/malformed-json-400'],
    hooks: () => ({
      onRequest: (req) => (notJson(req.body) ? crash() : req),
    }),
  },
  {
    name: 'errors-schema-violation-500',
    description: 'A JSON body of the wrong shape (namespace not an array, table without schema) is a 500.',
    areas: AREAS,
    breaks: ['errors/schema-violation-400'],
    hooks: () => ({
      onRequest: onRequests(['createNamespace', 'createTable'], (req) => {
        const b = requestJson(req)
        if (b && b.namespace !== undefined && !Array.isArray(b.namespace)) return crash()
        if (b && b.name !== undefined && b.schema === undefined) return crash()
        return req
      }),
    }),
  },
  {
    name: 'errors-unknown-path-500',
    description: 'An unknown path is answered 500 instead of 404.',
    areas: AREAS,
    breaks: ['errors/unknown-path-4xx'],
    hooks: () => ({
      onResponse: (_req, res) =>
        res.status === 404 && /NotFoundException/.test(res.body ?? '') ? crash() : res,
    }),
  },
  {
    name: 'errors-wrong-method-500',
    description: 'A method a route does not serve is answered 500 instead of 405.',
    areas: AREAS,
    breaks: ['errors/wrong-method-4xx'],
    hooks: () => ({ onResponse: (_req, res) => (res.status === 405 ? crash() : res) }),
  },
  {
    name: 'errors-page-size-zero-500',
    description: 'pageSize=0 crashes the namespace listing (500).',
    areas: AREAS,
    breaks: ['errors/bad-parameter-4xx'],
    hooks: () => ({
      onResponse: onOperations(
        ['listNamespaces'],
        () => crash(),
        (_res, req) => req.query.get('pageSize') === '0',
      ),
    }),
  },
  {
    name: 'errors-type-dropped-on-envelope',
    description: 'Error bodies are wrapped but their message is missing.',
    areas: AREAS,
    breaks: ['errors/envelope/shape'],
    hooks: () => ({
      onResponse: (_req, res) =>
        isError(res)
          ? withJson(res, (b) => ({ error: { ...(b.error as object), message: undefined } }))
          : res,
    }),
  },
]
