/**
 * Cross-cutting faults: violations of the HTTP shape and the error model that any operation can commit,
 * each aimed at a few namespace operations so that the rules of the check registry
 * (suites/_harness/checks/) and the status rules of the tests they hit must fail.
 */
import type { Fault } from '../fault.ts'
import { isError, onOperations, operationOf, withHeaders, withJson, withStatus } from '../fault-kit.ts'
import type { WireResponse } from '../wire-proxy.ts'

const NS = ['namespaces']
/** Test files that create and load namespaces, hit missing ones, and drop them: enough for every check. */
const NS_FILES = ['namespaces/create-namespace.test.ts', 'namespaces/lifecycle.test.ts']

/** A missing namespace's 404 (to a load and a drop) answered with a page of `contentType`, not the error envelope. */
const missingNamespacePage = (contentType: string, body: string) => () => ({
  onResponse: onOperations(
    ['loadNamespaceMetadata', 'dropNamespace'],
    () => ({ status: 404, headers: { 'content-type': contentType }, body }),
    (res) => res.status === 404,
  ),
})
/** A short client timeout for faults that hang: a hang must cost seconds, not the default 10 s each. */
const SHORT_TIMEOUT = ['--timeout', '3000']

const envelope = (status: number, type: string, message: string) =>
  JSON.stringify({ error: { message, type, code: status } })

export const faults: Fault[] = [
  {
    name: 'success-204-as-200',
    description: 'dropNamespace and namespaceExists answer 200 OK instead of the documented 204 No Content.',
    areas: NS,
    breaks: ['namespaces/drop/204-then-gone', 'namespaces/exists/204'],
    hooks: () => ({
      onResponse: onOperations(
        ['dropNamespace', 'namespaceExists'],
        (res) => withStatus(res, 200),
        (res) => res.status === 204,
      ),
    }),
  },
  {
    name: 'missing-namespace-400',
    description:
      'A namespace that does not exist is answered 400 Bad Request (envelope consistent) instead of 404.',
    areas: NS,
    breaks: ['namespaces/load/missing-404', 'namespaces/drop/204-then-gone'],
    hooks: () => ({
      onResponse: onOperations(
        ['loadNamespaceMetadata'],
        (res) => ({ ...res, body: envelope(400, 'BadRequestException', 'Invalid namespace'), status: 400 }),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'errors-unwrapped',
    description: 'Error bodies are the bare model {message, type, code} without the {"error": …} wrapper.',
    areas: NS,
    files: NS_FILES,
    breaks: ['errors/envelope'],
    hooks: () => ({ onResponse: (_req, res) => (isError(res) ? withJson(res, (b) => b.error ?? b) : res) }),
  },
  {
    name: 'error-code-not-status',
    description: 'Error bodies carry code 500 whatever the HTTP status (a 404 says "code": 500).',
    areas: NS,
    files: NS_FILES,
    breaks: ['errors/code-equals-status'],
    hooks: () => ({
      onResponse: (_req, res) =>
        isError(res) ? withJson(res, (b) => ({ error: { ...(b.error as object), code: 500 } })) : res,
    }),
  },
  {
    name: 'error-type-empty',
    description: 'Error bodies have an empty "type".',
    areas: NS,
    files: NS_FILES,
    breaks: ['errors/envelope'],
    hooks: () => ({
      onResponse: (_req, res) =>
        isError(res) ? withJson(res, (b) => ({ error: { ...(b.error as object), type: '' } })) : res,
    }),
  },
  {
    name: 'namespace-field-missing',
    description: 'createNamespace and loadNamespaceMetadata leave out the required "namespace" field.',
    areas: NS,
    files: NS_FILES,
    breaks: ['schema/CreateNamespaceResponse', 'schema/GetNamespaceResponse'],
    hooks: () => ({
      onResponse: onOperations(
        ['createNamespace', 'loadNamespaceMetadata'],
        (res) => withJson(res, ({ namespace: _dropped, ...rest }) => rest),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'namespace-wrong-types',
    description:
      'loadNamespaceMetadata answers the namespace as a dotted string and property values as numbers.',
    areas: NS,
    files: NS_FILES,
    breaks: ['schema/GetNamespaceResponse'],
    hooks: () => ({
      onResponse: onOperations(
        ['loadNamespaceMetadata'],
        (res) =>
          withJson(res, (b) => ({
            namespace: (b.namespace as string[]).join('.'),
            properties: Object.fromEntries(Object.keys((b.properties as object) ?? {}).map((k, i) => [k, i])),
          })),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'json-as-text-plain',
    description: 'JSON success bodies are labelled Content-Type: text/plain.',
    areas: NS,
    files: NS_FILES,
    breaks: ['http/json-content-type'],
    hooks: () => ({
      onResponse: (_req, res) =>
        res.status === 200 && res.body
          ? withHeaders(res, { 'content-type': 'text/plain; charset=utf-8' })
          : res,
    }),
  },
  {
    name: 'html-error-page',
    description:
      'A missing namespace gets the HTML 404 page of a web server instead of the JSON error model.',
    areas: NS,
    files: NS_FILES,
    // Its Content-Type is the same defect (the answer is not the error envelope): the envelope check carries it.
    breaks: ['errors/envelope'],
    hooks: missingNamespacePage(
      'text/html; charset=utf-8',
      '<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>',
    ),
  },
  {
    name: 'error-body-invalid-json',
    description:
      "A missing namespace gets an error body labelled application/json that does not parse (a container's JSON error page with a raw line break in a string, as Jetty's).",
    areas: NS,
    files: NS_FILES,
    // The parse is the envelope's defect: an error body that is no JSON is not the envelope (not http/json-body too).
    breaks: ['errors/envelope'],
    hooks: missingNamespacePage(
      'application/json',
      '{\n"message":"NoSuchNamespaceException: Namespace does not exist\n at line 1",\n"status":"404"\n}',
    ),
  },
  {
    name: 'invalid-json-body',
    description: 'Success bodies are labelled application/json but are cut off mid-document.',
    areas: NS,
    files: NS_FILES,
    breaks: ['http/json-body'],
    hooks: () => ({
      onResponse: onOperations(
        ['loadNamespaceMetadata'],
        (res) => ({ ...res, body: (res.body ?? '').slice(0, -1) }),
        (res) => res.status === 200 && (res.body ?? '').length > 1,
      ),
    }),
  },
  {
    name: 'advertised-update-properties-not-served',
    description:
      'GET /v1/config advertises updateProperties, but POST …/namespaces/{namespace}/properties answers 404 NotFoundException.',
    areas: ['config', 'namespaces'],
    // The tests of updateProperties are blocked by declared-served, which carries the defect once.
    breaks: ['config/endpoints/declared-served'],
    hooks: () => ({
      onRequest: (req) =>
        operationOf(req) === 'updateProperties'
          ? {
              status: 404,
              headers: { 'content-type': 'application/json' },
              body: envelope(404, 'NotFoundException', `No route for ${req.method} ${req.path}`),
            }
          : req,
    }),
  },
  {
    name: 'bad-input-500',
    description:
      'A malformed or schema-violating createNamespace body crashes the handler: 500 InternalServerError instead of 400.',
    areas: ['errors'],
    breaks: ['errors/malformed-json-400', 'errors/schema-violation-400'],
    hooks: () => ({
      onResponse: onOperations(
        ['createNamespace'],
        () => ({
          status: 500,
          headers: { 'content-type': 'application/json' },
          body: envelope(500, 'InternalServerError', 'Cannot read properties of undefined'),
        }),
        (res) => res.status === 400,
      ),
    }),
  },
  {
    name: 'load-namespace-hangs',
    description: 'loadNamespaceMetadata never answers: the connection stays open with no response.',
    areas: NS,
    files: NS_FILES,
    breaks: ['http/responds'],
    runArgs: SHORT_TIMEOUT,
    hooks: () => ({}),
    wire: () => (req) => (isLoadNamespace(req.method, req.url) ? { kind: 'hang' } : { kind: 'pass' }),
  },
  {
    name: 'load-namespace-connection-closed',
    description: 'loadNamespaceMetadata closes the connection without writing a response.',
    areas: NS,
    files: NS_FILES,
    breaks: ['http/responds'],
    hooks: () => ({}),
    wire: () => (req) => (isLoadNamespace(req.method, req.url) ? { kind: 'destroy' } : { kind: 'pass' }),
  },
  {
    name: 'body-on-204',
    description:
      'dropNamespace answers 204 No Content with a JSON body and a Content-Length that announces it.',
    areas: NS,
    files: NS_FILES,
    breaks: ['http/responds'],
    hooks: () => ({}),
    wire: () => (req, res) =>
      req.method === 'DELETE' &&
      res.status === 204 &&
      /\/namespaces\/[^/]+$/.test(req.url.split('?')[0] ?? '')
        ? { kind: 'respond', response: withBody(res, { dropped: true }) }
        : { kind: 'pass' },
  },
]

/** GET /v1/{prefix}/namespaces/{namespace}: the wire proxy sees raw URLs, not operations. */
function isLoadNamespace(method: string, url: string): boolean {
  return method === 'GET' && /^\/v1\/[^/]+\/namespaces\/[^/]+$/.test(url.split('?')[0] ?? '')
}

function withBody(res: WireResponse, value: unknown): WireResponse {
  return {
    ...res,
    headers: { ...res.headers, 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify(value)),
  }
}
