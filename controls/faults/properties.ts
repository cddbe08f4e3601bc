/**
 * Negative controls of the property suites (suites/properties/): realistic ways to lose what a client
 * stored, mangle names in transit, or page wrongly, each of which some generated case must expose.
 */
import type { Fault } from '../fault.ts'
import { jsonOf, onOperations, operationOf, withJson } from '../fault-kit.ts'
import type { ServerRequest, ServerResponse } from '../../reference-server/index.ts'
import { errorResponse } from './scenario-kit.ts'

const P = ['properties']

/** A namespace path holding an encoded percent, nested (levels joined by %1F) or not, as `nested` says. */
const percentPath = (req: ServerRequest, nested: boolean): boolean =>
  /%25/i.test(req.path) && (!nested || /%1F/i.test(req.path))

/** The HTTP layer's refusal of such a path, before the catalog sees it (Jetty 12's "Ambiguous URI path encoding"). */
const ambiguousPath = (): ServerResponse =>
  errorResponse(400, 'BadRequestException', 'Ambiguous URI path encoding')

export const faults: Fault[] = [
  {
    name: 'ns-percent-path-400',
    description:
      'A namespace whose name holds a percent is created, but the HTTP layer refuses its path (%25) with 400, as Jetty 12 does.',
    areas: ['namespaces', 'properties'],
    files: ['namespaces/names.test.ts', 'properties/namespace-roundtrip.test.ts'],
    breaks: ['namespaces/names/percent'],
    hooks: () => ({
      onRequest: (req) =>
        operationOf(req) === 'loadNamespaceMetadata' && percentPath(req, false) ? ambiguousPath() : req,
    }),
  },
  {
    name: 'ns-nested-percent-path-400',
    description:
      'A nested namespace whose name holds a percent is created, but its path (levels joined by %1F, one holding %25) is refused with 400.',
    areas: P,
    files: ['properties/namespace-roundtrip.test.ts'],
    breaks: ['properties/namespaces/create-load-roundtrip'],
    hooks: () => ({
      onRequest: (req) =>
        operationOf(req) === 'loadNamespaceMetadata' && percentPath(req, true) ? ambiguousPath() : req,
    }),
  },
  {
    name: 'namespace-load-drops-a-property',
    description: 'loadNamespaceMetadata leaves out the first stored property of a namespace.',
    areas: P,
    breaks: ['properties/namespaces/create-load-roundtrip', 'properties/namespace-properties/map-model'],
    hooks: () => ({
      onResponse: onOperations(['loadNamespaceMetadata'], (res) =>
        withJson(res, (b) => {
          const props = (b.properties ?? {}) as Record<string, string>
          const first = Object.keys(props).sort()[0]
          if (first !== undefined) delete props[first]
          return { ...b, properties: props }
        }),
      ),
    }),
  },
  {
    name: 'namespace-name-loses-non-ascii',
    description: 'the server stores namespace names with every non-ASCII character replaced by "?".',
    areas: P,
    breaks: ['properties/namespaces/create-load-roundtrip'],
    hooks: () => ({
      onResponse: onOperations(['loadNamespaceMetadata'], (res) =>
        withJson(res, (b) => ({
          ...b,
          namespace: ((b.namespace ?? []) as string[]).map((p) => p.replace(/[^\x20-\x7e]/gu, '?')),
        })),
      ),
    }),
  },
  {
    name: 'update-properties-ignores-removals',
    description: 'updateProperties applies `updates` but silently ignores `removals`.',
    areas: P,
    breaks: ['properties/namespace-properties/map-model'],
    hooks: () => ({
      onRequest: (req: ServerRequest) => {
        if (req.method !== 'POST' || !req.path.endsWith('/properties')) return req
        const body = jsonOf({ status: 200, headers: {}, body: req.body }) as
          Record<string, unknown> | undefined
        if (!body || typeof body !== 'object') return req
        return { ...req, body: JSON.stringify({ ...body, removals: [] }) }
      },
    }),
  },
  {
    name: 'table-load-drops-field-docs',
    description: 'loadTable returns the schema without the `doc` of its top-level fields.',
    areas: P,
    breaks: ['properties/tables/create-load-roundtrip'],
    hooks: () => ({
      onResponse: onOperations(
        ['loadTable'],
        (res) =>
          withJson(res, (b) => {
            const md = b.metadata as { schemas?: { fields?: { doc?: string }[] }[] } | undefined
            for (const s of md?.schemas ?? []) for (const f of s.fields ?? []) delete f.doc
            return b
          }),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'table-load-v3-families-as-string',
    description:
      'loadTable reports top-level variant, geometry and geography columns as `string` (a server that downgrades the v3 families it does not know).',
    areas: P,
    breaks: ['properties/tables/create-load-roundtrip-v3-families'],
    hooks: () => ({
      onResponse: onOperations(
        ['loadTable'],
        (res) =>
          withJson(res, (b) => {
            const md = b.metadata as { schemas?: { fields?: { type?: unknown }[] }[] } | undefined
            for (const s of md?.schemas ?? [])
              for (const f of s.fields ?? [])
                if (typeof f.type === 'string' && /^(variant|geometry|geography)\b/.test(f.type))
                  f.type = 'string'
            return b
          }),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'pagination-duplicates-items',
    description: 'each next page starts with the last item of the previous page again.',
    areas: P,
    breaks: ['properties/pagination/exactly-once-and-ends'],
    hooks: () => ({ flags: { duplicatePageItems: true } }),
  },
  {
    name: 'pagination-skips-items',
    description: 'one item is skipped between two pages.',
    areas: P,
    breaks: ['properties/pagination/exactly-once-and-ends'],
    hooks: () => ({ flags: { dropPageItems: true } }),
  },
  {
    name: 'pagination-endless-token',
    description: 'the last page still carries a non-null next-page-token.',
    areas: P,
    breaks: ['properties/pagination/exactly-once-and-ends'],
    hooks: () => ({ flags: { endlessPageToken: true } }),
  },
  {
    name: 'pagination-ignores-page-size',
    description: 'a paginating server ignores pageSize and returns everything in one page.',
    areas: P,
    breaks: ['properties/pagination/page-size-bound'],
    hooks: () => ({ flags: { ignorePageSize: true } }),
  },
]
