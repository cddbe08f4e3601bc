/**
 * Negative controls of suites/robustness/generated-inputs.test.ts: a server that does not validate bodies and
 * crashes on them, one that accepts what it cannot read, one that refuses fields it does not know, and one with two
 * different crashes on one operation (the distinct failures of a property: controls/distinct-failures.test.ts).
 * One more per input class the Schemathesis side-by-side found (issue 38), each crashing on that class only, so that
 * each proves its class is sent and judged at its level: a text that is not JSON (MUST: 400 is named), an empty name
 * or namespace level in an identifier, a control character in a string, a whole-number float (each schema-valid: a
 * robustness finding), an integer just past 2^31 (valid: a robustness finding) or past 2^63 (invalid: MUST).
 */
import { validateOpen } from '../../schemas/index.ts'
import { parseJson } from '../../schemas/model/json-int64.ts'
import { OPERATIONS } from '../../schemas/operations.ts'
import { PLAIN_CARRIERS, PLAIN_WRONG_TYPE } from '../../suites/robustness/plain-carriers.ts'
import type { ServerRequest, ServerResponse } from '../../reference-server/index.ts'
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
  'registerView',
  'fetchScanTasks',
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

/**
 * A servlet container's own error body, as Jetty writes it for an exception that escaped the catalog: no error
 * envelope, the exception's text in a bare `message`.
 */
function containerError(message: string): ServerResponse {
  return {
    status: 500,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message, url: '/v1/namespaces', status: '500' }),
  }
}

/**
 * createNamespace as the Java fixture 1.11.0 answers two schema-valid namespaces, both with its container's body: a
 * NUL in a level and an empty level, each its own exception. The two 500s break the same rule with the same words
 * (the body is not the envelope): only the server's text tells the two defects apart.
 */
function twoBareCrashes(req: { body: string }): ServerResponse | undefined {
  const ns = (bodyOf(req, 'createNamespace') as { namespace?: unknown } | undefined)?.namespace
  if (!Array.isArray(ns)) return undefined
  if (ns.some((l) => typeof l === 'string' && l.includes('\u0000')))
    return containerError(
      'com.fasterxml.jackson.databind.JsonMappingException: Cannot create a namespace with the null-byte character',
    )
  if (ns.some((l) => l === ''))
    return containerError('java.lang.IllegalArgumentException: Invalid namespace: empty level')
  return undefined
}

/** The parsed body of a mutated operation's request, or undefined (no such operation, or no JSON). */
function bodyOf(req: { body: string }, op: string | undefined): unknown {
  if (!op || !(OPS as readonly string[]).includes(op)) return undefined
  try {
    return parseJson(req.body)
  } catch {
    return undefined
  }
}

/** Every string of a JSON value, and the identifiers (namespace arrays and the names beside them) in it. */
function walk(v: unknown, visit: (o: Record<string, unknown>) => void): void {
  if (Array.isArray(v)) return v.forEach((x) => walk(x, visit))
  if (v === null || typeof v !== 'object') return
  visit(v as Record<string, unknown>)
  for (const x of Object.values(v)) walk(x, visit)
}

function hasEmptyIdentifier(body: unknown): boolean {
  let found = false
  walk(body, (o) => {
    for (const key of ['namespace', 'default-namespace']) {
      const ns = o[key]
      if (Array.isArray(ns) && ns.some((l) => l === '')) found = true
      if (Array.isArray(ns) && o.name === '') found = true
    }
  })
  // A table's or view's name at the top of a create or register.
  const top = body as { name?: unknown } | undefined
  return found || (typeof top === 'object' && top !== null && top.name === '')
}

function hasControlCharacter(v: unknown): boolean {
  if (typeof v === 'string') return [...v].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)
  if (Array.isArray(v)) return v.some(hasControlCharacter)
  if (v !== null && typeof v === 'object')
    return Object.entries(v).some(([k, x]) => hasControlCharacter(k) || hasControlCharacter(x))
  return false
}

/** Integers just past the 32-bit and the 64-bit signed range, as the generated inputs write them. */
const PAST_INT = /[:[,]\s*(2147483648|-2147483649|9223372036854775808|-9223372036854775809)(?=[\s,\]}])/
/** An integer written as a whole-number float: `3.0` in a number position. */
const WHOLE_FLOAT = /[:[,]\s*-?\d+\.0(?=[\s,\]}])/

/** A body that is not JSON (none where one is required, or `{`) sent to an operation of OPS: the parser's 500. */
function notJsonCrash(req: ServerRequest): ServerResponse | undefined {
  const op = operationOf(req)
  if (!op || !(OPS as readonly string[]).includes(op)) return undefined
  // planTableScan's body is optional: no body at all is its default request.
  if (req.body.trim() === '' && op === 'planTableScan') return undefined
  try {
    parseJson(req.body)
    return undefined
  } catch {
    return errorResponse(500, 'JsonEOFException', 'Unexpected end-of-input: expected close marker for Object')
  }
}

/** A body invalid against its operation's schema, sent to an operation of OPS (and `only`, when given): a 500. */
function invalidBodyCrash(
  req: ServerRequest,
  only: (op: string) => boolean = () => true,
): ServerResponse | undefined {
  const op = operationOf(req)
  return op && only(op) && invalidBody(op, req.body)
    ? errorResponse(500, 'NullPointerException', 'null')
    : undefined
}

/**
 * A request whose plain wrong type (PLAIN_WRONG_TYPE: the number 0 at that field) a type check refuses with 400 before
 * the mapper sees it.
 */
function plainWrongTypeRefused(req: ServerRequest): ServerResponse | undefined {
  const op = operationOf(req)
  const path = op ? PLAIN_WRONG_TYPE[op] : undefined
  if (!path) return undefined
  let value: unknown
  try {
    value = path.reduce<unknown>(
      (v, step) => (v as Record<string | number, unknown> | undefined)?.[step],
      JSON.parse(req.body),
    )
  } catch {
    return undefined
  }
  return value === 0
    ? errorResponse(400, 'BadRequestException', 'a number where an object belongs')
    : undefined
}

/** The operations robustness/wrong-types/4xx draws wrong types of that no errors rule sends a plain invalid body. */
const WRONG_TYPE_ONLY_OPS: readonly string[] = ['updateProperties', 'updateTable', 'renameTable']

/** A request with the generated unknown field: refused with 400, as a closed request schema would. */
function unknownFieldRefused(req: { body: string }): ServerResponse | undefined {
  return req.body.includes('"conformance-extra-field"')
    ? errorResponse(400, 'BadRequestException', 'Unrecognized field "conformance-extra-field"')
    : undefined
}

export const faults: Fault[] = [
  {
    name: 'generated-invalid-body-500',
    description: 'Bodies are not validated: a missing or mistyped field crashes the handler (500).',
    areas: ['robustness'],
    // Where errors/schema-violation-400 sends the operation a body of its own (createNamespace, createTable), that
    // body crashes too, so the generated rule is blocked by it (suites/robustness/plain-carriers.ts;
    // controls/counted-once.test.ts).
    breaks: OPS.filter((op) => !PLAIN_CARRIERS[op]?.invalid).map((op) => `robustness/generated/${op}`),
    hooks: () => ({ onRequest: (req) => invalidBodyCrash(req) ?? req }),
  },
  {
    // The operations whose wrong types robustness/wrong-types/4xx leaves to their generated rule (PLAIN_WRONG_TYPE)
    // crash on invalid bodies, and that plain wrong type too: those rules fail, the property is blocked by them
    // (controls/counted-once.test.ts).
    name: 'update-invalid-body-500',
    description:
      'updateProperties, updateTable and renameTable do not validate their bodies: a missing or mistyped field crashes them (500); the other operations refuse such bodies with 400.',
    areas: ['robustness'],
    files: ['robustness/generated-inputs.test.ts'],
    breaks: WRONG_TYPE_ONLY_OPS.map((op) => `robustness/generated/${op}`),
    hooks: () => ({
      onRequest: (req) => invalidBodyCrash(req, (op) => WRONG_TYPE_ONLY_OPS.includes(op)) ?? req,
    }),
  },
  {
    // The other way: the plain wrong type is refused, every other invalid body crashes, so the wrong-types property's
    // crashes stay its own (controls/counted-once.test.ts).
    name: 'update-invalid-body-500-number-refused',
    description:
      'updateProperties, updateTable and renameTable refuse a number where an object, an array or a string belongs (400), but crash (500) on every other body that fails validation.',
    areas: ['robustness'],
    files: ['robustness/malformed-input.test.ts'],
    breaks: ['robustness/wrong-types/4xx'],
    hooks: () => ({
      onRequest: (req) =>
        plainWrongTypeRefused(req) ?? invalidBodyCrash(req, (op) => WRONG_TYPE_ONLY_OPS.includes(op)) ?? req,
    }),
  },
  {
    // Only where errors/schema-violation-400 sends a plain invalid body of its own: that rule fails, and every property
    // that meets the same crash leaves it there (suites/robustness/plain-carriers.ts; controls/counted-once.test.ts).
    name: 'create-invalid-body-500',
    description:
      'createNamespace and createTable do not validate their bodies: a missing or mistyped field crashes them (500); the other operations refuse such bodies with 400.',
    areas: ['errors'],
    breaks: ['errors/schema-violation-400'],
    hooks: () => ({
      onRequest: (req) =>
        invalidBodyCrash(req, (op) => !!PLAIN_CARRIERS[op as (typeof OPS)[number]]?.invalid) ?? req,
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
    name: 'generated-two-bare-crashes-500',
    description:
      'createNamespace crashes (500, the container’s own error body, no envelope) in two unrelated ways: on a NUL in a namespace level and on an empty level.',
    areas: ['robustness'],
    files: ['robustness/generated-inputs.test.ts'],
    // Both bodies are valid: each 500 is a robustness finding, and its body not the envelope (a MUST).
    breaks: ['errors/envelope', 'errors/no-5xx'],
    hooks: () => ({
      onRequest: (req) => (operationOf(req) === 'createNamespace' ? (twoBareCrashes(req) ?? req) : req),
    }),
  },
  {
    name: 'generated-not-json-500',
    description:
      'A body that is not JSON (none at all where one is required, or `{`) reaches the parser unchecked and crashes the handler (500).',
    areas: ['robustness'],
    files: ['robustness/generated-inputs.test.ts'],
    // Where errors/malformed-json-400 sends the operation a body of its own (createNamespace), that body crashes too,
    // so the generated rule is blocked by it.
    breaks: OPS.filter((op) => !PLAIN_CARRIERS[op]?.['not-json']).map((op) => `robustness/generated/${op}`),
    hooks: () => ({ onRequest: (req) => notJsonCrash(req) ?? req }),
  },
  {
    name: 'generated-empty-identifier-500',
    description:
      'An empty name or an empty namespace level in a body identifier (schema-valid) crashes the handler (500): a robustness finding.',
    areas: ['robustness'],
    files: ['robustness/generated-inputs.test.ts'],
    breaks: ['errors/no-5xx'],
    hooks: () => ({
      onRequest: (req) =>
        hasEmptyIdentifier(bodyOf(req, operationOf(req)))
          ? errorResponse(500, 'IllegalArgumentException', 'Invalid table name: empty')
          : req,
    }),
  },
  {
    name: 'generated-control-character-500',
    description:
      'A NUL or other control character in any string of a body (schema-valid, sent as \\u0000 in the JSON text) crashes the handler (500): a robustness finding.',
    areas: ['robustness'],
    files: ['robustness/generated-inputs.test.ts'],
    breaks: ['errors/no-5xx'],
    hooks: () => ({
      onRequest: (req) =>
        hasControlCharacter(bodyOf(req, operationOf(req)))
          ? errorResponse(500, 'InvalidPathException', 'Illegal char <NUL> at index 4')
          : req,
    }),
  },
  {
    name: 'generated-whole-float-500',
    description:
      'An integer written as a whole-number float (3.0, -350.0; an integer to JSON Schema) fails the mapping to int (500): a robustness finding.',
    areas: ['robustness'],
    files: ['robustness/generated-inputs.test.ts'],
    breaks: ['errors/no-5xx'],
    hooks: () => ({
      onRequest: (req) =>
        bodyOf(req, operationOf(req)) !== undefined && WHOLE_FLOAT.test(req.body)
          ? errorResponse(500, 'InputCoercionException', 'Cannot coerce Floating-point value to int')
          : req,
    }),
  },
  {
    name: 'generated-int-range-500',
    description:
      'An integer just past 2^31 or past 2^63 overflows the handler’s int or long (500): a robustness finding past 2^31 (a valid integer), a failure past 2^63 (no int64: validation fails, 400 is named).',
    areas: ['robustness'],
    files: ['robustness/generated-inputs.test.ts'],
    // createTable's schema-id is the first integer of its body: both values are tried there on every run.
    breaks: ['errors/no-5xx', 'robustness/generated/createTable'],
    hooks: () => ({
      onRequest: (req) =>
        bodyOf(req, operationOf(req)) !== undefined && PAST_INT.test(req.body)
          ? errorResponse(500, 'JsonMappingException', 'Numeric value out of range of int')
          : req,
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
    hooks: () => ({ onRequest: (req) => unknownFieldRefused(req) ?? req }),
  },
  {
    // Its crash on texts that are not JSON is errors/malformed-json-400's for createNamespace, but the refused
    // unknown field is the generated rule's own SHOULD: the test warns rather than ending blocked
    // (controls/counted-once.test.ts). The errors file runs too: without it the crash is the generated rule's own
    // (suites/_harness/run-selection.ts), and the test fails for it.
    name: 'generated-not-json-500-unknown-field-400',
    description:
      'A body that is not JSON crashes the handler (500), and a request with a field the server does not know is refused with 400.',
    areas: ['errors', 'robustness'],
    files: ['errors/errors.test.ts', 'robustness/generated-inputs.test.ts'],
    breaks: ['robustness/generated/unknown-fields-tolerated'],
    hooks: () => ({ onRequest: (req) => notJsonCrash(req) ?? unknownFieldRefused(req) ?? req }),
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
