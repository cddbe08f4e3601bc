/**
 * A socket-free client over `createHandler` for the server's own tests: one call per request, the
 * JSON body parsed. Not used by the server itself.
 */
import { parseJson, stringifyJson } from '../schemas/model/json-int64.ts'
import { createHandler } from './index.ts'
import type { MetadataBuilder } from './metadata-contract.ts'
import type { ReferenceServerOptions } from './options.ts'

export interface TestResponse {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body?: string
  /** The parsed body; undefined when there is none. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test convenience: responses are probed by path
  readonly json: any
}

export interface CallOptions {
  readonly body?: unknown
  /** Sent as is instead of JSON-encoding `body`. */
  readonly raw?: string
  readonly headers?: Record<string, string>
}

export type Call = (method: string, path: string, opts?: CallOptions) => Promise<TestResponse>

/** A fresh server and a function calling it. */
export function testClient(opts: ReferenceServerOptions = {}, builder?: MetadataBuilder): Call {
  const handle = builder ? createHandler(opts, builder) : createHandler(opts)
  return async (method, path, o = {}) => {
    const q = path.indexOf('?')
    const res = await handle({
      method,
      path: q < 0 ? path : path.slice(0, q),
      query: new URLSearchParams(q < 0 ? '' : path.slice(q + 1)),
      headers: Object.fromEntries(Object.entries(o.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
      body: o.raw ?? (o.body === undefined ? '' : stringifyJson(o.body)),
    })
    const isJson = (res.headers['content-type'] ?? '').includes('json') && res.body !== undefined
    return { ...res, json: isJson ? parseJson(res.body as string) : undefined }
  }
}

/** A one-column schema for creating tables in tests. */
export const SIMPLE_SCHEMA = {
  type: 'struct',
  fields: [
    { id: 1, name: 'id', type: 'long', required: true },
    { id: 2, name: 'data', type: 'string', required: false },
  ],
}

/** An unpartitioned parquet DataFile for the `append` update. */
export const dataFile = (path: string, records = 10): object => ({
  content: 'data',
  'file-path': path,
  'file-format': 'parquet',
  'spec-id': 0,
  partition: [],
  'file-size-in-bytes': 100,
  'record-count': records,
})

/** A CreateViewRequest body for tests. */
export const viewRequest = (name: string, sql = 'select 1'): object => ({
  name,
  schema: { type: 'struct', fields: [{ id: 1, name: 'one', type: 'int', required: false }] },
  'view-version': {
    'version-id': 1,
    'timestamp-ms': 0,
    'schema-id': 0,
    summary: {},
    representations: [{ type: 'sql', sql, dialect: 'spark' }],
    'default-namespace': ['db'],
  },
  properties: {},
})
