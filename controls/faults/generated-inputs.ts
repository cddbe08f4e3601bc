/**
 * Negative controls of suites/robustness/generated-inputs.test.ts: a server that does not validate bodies and
 * crashes on them, one that accepts what it cannot read, one that refuses fields it does not know, and one with two
 * different crashes on one operation (the distinct failures of a property: controls/distinct-failures.test.ts).
 */
import { validateOpen } from '../../schemas/index.ts'
import { OPERATIONS } from '../../schemas/operations.ts'
import type { ServerResponse } from '../../reference-server/index.ts'
import type { Fault } from '../fault.ts'
import { operationOf } from '../fault-kit.ts'
import { errorResponse, jsonOk } from './scenario-kit.ts'

const OPS = [
  'createNamespace',
  'updateProperties',
  'createTable',
  'updateTable',
  'commitTransaction',
  'createView',
  'reportMetrics',
  'planTableScan',
  'renameTable',
  'registerTable',
  'replaceView',
  'renameView',
] as const

/** The request's body is invalid against its operation's (open) schema. */
function invalidBody(op: string | undefined, body: string): boolean {
  const schema =
    op && (OPS as readonly string[]).includes(op) ? OPERATIONS[op as (typeof OPS)[number]].request : null
  if (!schema || body === '') return false
  try {
    return !validateOpen(schema, JSON.parse(body)).valid
  } catch {
    return false
  }
}

/**
 * createNamespace as a Jackson-based server with two unrelated defects answers it: properties that are not an object
 * fail the mapping to a map, a number where a property value (a string) belongs fails the mapping to strings. Both
 * bodies fail the request schema, so the 500 is a failure (the document's answer is 400), not a robustness finding.
 * Both messages carry the column, as Jackson's do, so two cases of one defect differ in their text but not in their
 * kind.
 */
function twoCrashes(req: { body: string }): ServerResponse | undefined {
  const notObject = /"properties":(?=[^{\s])/.exec(req.body)
  if (notObject && !/"properties":null/.test(req.body))
    return errorResponse(
      500,
      'MismatchedInputException',
      `Cannot deserialize value of type \`java.util.LinkedHashMap<java.lang.String,java.lang.String>\` from non-object value at [line: 1, column: ${notObject.index + 1}]`,
    )
  // A number as a value of the properties object, after any string values before it.
  const number = /"properties":\{(?:"[^"]*":"[^"]*",)*"[^"]*":(-?\d[\d.eE+-]*)/.exec(req.body)
  if (number)
    return errorResponse(
      500,
      'InvalidFormatException',
      `Cannot deserialize value of type \`java.lang.String\` from Integer value (${number[1]}) at [line: 1, column: ${number.index + 1}]`,
    )
  return undefined
}

export const faults: Fault[] = [
  {
    name: 'generated-invalid-body-500',
    description: 'Bodies are not validated: a missing or mistyped field crashes the handler (500).',
    areas: ['robustness'],
    breaks: OPS.map((op) => `robustness/generated/${op}`),
    hooks: () => ({
      onRequest: (req) =>
        invalidBody(operationOf(req), req.body) ? errorResponse(500, 'NullPointerException', 'null') : req,
    }),
  },
  {
    name: 'generated-two-crashes-500',
    description:
      'createNamespace crashes (500) in two unrelated ways: on properties that are not an object (the mapping to a map) and on a number as a property value (the mapping to strings).',
    areas: ['robustness'],
    files: ['robustness/generated-inputs.test.ts'],
    breaks: ['robustness/generated/createNamespace'],
    hooks: () => ({
      onRequest: (req) => (operationOf(req) === 'createNamespace' ? (twoCrashes(req) ?? req) : req),
    }),
  },
  {
    name: 'generated-invalid-body-accepted',
    description:
      'Bodies are not validated: what the server cannot read is acknowledged with a 200 and ignored.',
    areas: ['robustness'],
    breaks: ['robustness/generated/invalid-refused'],
    hooks: () => ({
      onRequest: (req) => (invalidBody(operationOf(req), req.body) ? jsonOk(200, {}) : req),
    }),
  },
  {
    name: 'generated-unknown-field-400',
    description:
      'A request with a field the server does not know is refused with 400 (a closed request schema).',
    areas: ['robustness'],
    breaks: ['robustness/generated/unknown-fields-tolerated'],
    hooks: () => ({
      onRequest: (req) =>
        req.body.includes('"conformance-extra-field"')
          ? errorResponse(400, 'BadRequestException', 'Unrecognized field "conformance-extra-field"')
          : req,
    }),
  },
  {
    name: 'generated-query-500',
    description:
      'Query parameters are parsed without validation: a pageSize that is not a number, a snapshots value other than all or refs, a referenced-by entry without a namespace separator, or an empty planId crashes the handler (500).',
    areas: ['robustness'],
    files: ['robustness/generated-queries.test.ts'],
    breaks: [
      'listNamespaces',
      'listTables',
      'listViews',
      'loadTable',
      'dropTable',
      'loadView',
      'loadCredentials',
    ].map((op) => `robustness/generated-query/${op}`),
    hooks: () => ({
      onRequest: (req) => {
        const op = operationOf(req)
        const size = req.query.get('pageSize')
        const snapshots = req.query.get('snapshots')
        const purge = req.query.get('purgeRequested')
        const referencedBy = req.query.get('referenced-by')
        const planId = req.query.get('planId')
        const crash =
          (op?.startsWith('list') && size !== null && !/^[0-9]+$/.test(size)) ||
          (op === 'loadTable' && snapshots !== null && snapshots !== 'all' && snapshots !== 'refs') ||
          (op === 'dropTable' && purge !== null && purge !== 'true' && purge !== 'false') ||
          // Each view of the chain split at its last separator, with no check that there is one.
          ((op === 'loadView' || op === 'loadCredentials') &&
            referencedBy !== null &&
            referencedBy.split(',').some((v) => !v.includes('\u001f'))) ||
          (op === 'loadCredentials' && planId !== null && planId.trim() === '')
        return crash
          ? errorResponse(
              500,
              'NumberFormatException',
              `For input string: "${size ?? snapshots ?? purge ?? referencedBy ?? planId}"`,
            )
          : req
      },
    }),
  },
  {
    name: 'generated-path-500',
    description:
      'Path segments are decoded without validation: an invalid percent-encoding, an encoded NUL, a dot segment or an overlong name crashes the router (500).',
    areas: ['robustness'],
    files: ['robustness/generated-paths.test.ts'],
    breaks: ['loadNamespaceMetadata', 'listTables', 'loadTable', 'loadView'].map(
      (op) => `robustness/generated-path/${op}`,
    ),
    hooks: () => ({
      onRequest: (req) =>
        req.path
          .split('/')
          .some((seg) => /%(?![0-9A-Fa-f]{2})|%00/.test(seg) || seg === '..' || seg.length > 512)
          ? errorResponse(
              500,
              'IllegalArgumentException',
              'URLDecoder: Illegal hex characters in escape (%) pattern',
            )
          : req,
    }),
  },
  {
    name: 'generated-header-500',
    description:
      'Headers the spec defines are parsed without validation: an empty, overlong or bare-comma If-None-Match, delegation, Accept, Idempotency-Key or Content-Type value crashes the handler (500).',
    areas: ['robustness'],
    files: ['robustness/generated-paths.test.ts'],
    // A malformed Content-Type has no named answer: its 5xx is the robustness finding errors/no-5xx.
    breaks: [
      ...['loadTable', 'updateProperties'].map((op) => `robustness/generated-header/${op}`),
      'errors/no-5xx',
    ],
    hooks: () => ({
      onRequest: (req) => {
        const op = operationOf(req)
        if (op !== 'loadTable' && op !== 'updateProperties') return req
        const names = [
          'if-none-match',
          'x-iceberg-access-delegation',
          'accept',
          'idempotency-key',
          'content-type',
        ]
        const odd = names.some((n) => {
          const v = req.headers[n]
          return v !== undefined && (v.trim() === '' || v.trim() === ',' || v.length > 1000)
        })
        return odd ? errorResponse(500, 'NullPointerException', 'header value') : req
      },
    }),
  },
]
