/**
 * Inputs of the robustness suites: malformed JSON texts, wrong-typed and missing fields for each write
 * operation, and the status sets the rules accept.
 */
import fc from 'fast-check'
import type { OperationId } from '../../schemas/operations.ts'
import { withSuffix } from '../_harness/sandbox/names.ts'

/** Every 4xx status: a refusal of bad input. */
export const CLIENT_ERRORS: readonly number[] = Array.from({ length: 100 }, (_, i) => 400 + i)
/** A success or a refusal: anything but a 5xx. */
export const NOT_5XX: readonly number[] = [200, 201, 204, ...CLIENT_ERRORS]

/**
 * Texts that are not JSON documents (truncated, single quotes, trailing commas, junk), and no body at all: every
 * operation of BODY_CASES requires one (Schemathesis found the fixture's 500 to an empty createView body).
 */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"namespace":',
    '[1, 2',
    'null}',
    '{"a": 1,}',
    "{'a': 1}",
    '{"a" 1}',
    'tru',
    '"',
    '{}}',
  ),
  fc.string({ minLength: 1, maxLength: 40 }).filter((s) => {
    try {
      JSON.parse(s)
      return false
    } catch {
      return true
    }
  }),
)

/** A JSON value that is none of: string, array of strings, map of strings (wrong for every field used). */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
  fc.dictionary(fc.constantFrom('x', 'y'), fc.integer(), { minKeys: 1, maxKeys: 2 }),
)

/** Write operations with a request body, the field mutated, and a valid body to start from. */
export interface BodyCase {
  readonly op: OperationId
  /** Valid body of the operation in namespace `ns` (table `t` exists there). */
  readonly valid: (ns: string[], prefix: string) => Record<string, unknown>
  /** Required fields (missing → 400) and fields whose wrong type must be refused. */
  readonly required: readonly string[]
  readonly typed: readonly string[]
  /** The operation's path names the namespace (and table `t`). */
  readonly path: 'none' | 'namespace' | 'table'
}

const SCHEMA = { type: 'struct', fields: [{ id: 1, name: 'id', type: 'long', required: true }] }

/**
 * A case prints as its operation in a counterexample (fast-check's toString hook): the valid body is a function,
 * whose compiled source said nothing to a reader ({"c":{"op":…,"valid":(ns) => …}}).
 */
function printable(c: BodyCase): BodyCase {
  return Object.assign(c, { [fc.toStringMethod]: () => c.op })
}

export const BODY_CASES: readonly BodyCase[] = (
  [
    {
      op: 'createNamespace',
      valid: (ns) => ({ namespace: withSuffix(ns, 'robust_never'), properties: {} }),
      required: ['namespace'],
      typed: ['namespace', 'properties'],
      path: 'none',
    },
    {
      op: 'updateProperties',
      valid: () => ({ updates: { a: 'b' }, removals: ['c'] }),
      required: [],
      typed: ['updates', 'removals'],
      path: 'namespace',
    },
    {
      op: 'createTable',
      valid: () => ({ name: 'never', schema: SCHEMA }),
      required: ['name', 'schema'],
      typed: ['name', 'schema', 'properties'],
      path: 'namespace',
    },
    {
      op: 'updateTable',
      valid: () => ({ requirements: [], updates: [{ action: 'set-properties', updates: { a: 'b' } }] }),
      required: ['requirements', 'updates'],
      typed: ['requirements', 'updates'],
      path: 'table',
    },
    {
      op: 'renameTable',
      valid: (ns) => ({
        source: { namespace: ns, name: 't' },
        destination: { namespace: ns, name: 't_never' },
      }),
      required: ['source', 'destination'],
      typed: ['source', 'destination'],
      path: 'none',
    },
  ] satisfies BodyCase[]
).map(printable)
