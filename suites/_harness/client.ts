/**
 * The catalog client: one method per spec operation (by operationId), built from the operation table.
 * It builds paths (prefix, namespace separator, encoding), adds auth and extra headers, applies the
 * write guard, sends through the Transport and reports every Exchange to the recorder.
 */
import { OPERATIONS, OPERATION_IDS } from '../../schemas/operations.ts'
import type { OperationId } from '../../schemas/operations.ts'
import { stringifyJson } from '../../schemas/model/json-int64.ts'
import type { Capabilities } from './capabilities.ts'
import type { Exchange } from './http/exchange.ts'
import type { InFlightGate } from './http/in-flight-gate.ts'
import type { Transport } from './http/transport.ts'
import type { ContentsLedger } from './sandbox/contents-ledger.ts'
import { changesNothing, checkWrite, isRead, namespacesTouched } from './sandbox/write-guard.ts'

export interface CallArgs {
  readonly namespace?: readonly string[]
  readonly table?: string
  readonly view?: string
  readonly planId?: string
  readonly function?: string
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>
  /** JSON body (serialized by the client). */
  readonly body?: unknown
  /** A body sent verbatim (malformed-input tests). */
  readonly rawBody?: string
  /** Path segments sent verbatim, already encoded (generated path inputs); they replace namespace/table/view. */
  readonly encodedPath?: { readonly namespace?: string; readonly table?: string; readonly view?: string }
  readonly headers?: Readonly<Record<string, string>>
  /** Send without the run's Authorization header (auth tests). */
  readonly anonymous?: boolean
  readonly timeoutMs?: number
}

export interface ClientOptions {
  readonly baseUrl: string
  readonly caps: Capabilities
  readonly transport: Transport
  /** Headers on every request: Authorization and --header entries. */
  readonly headers: Readonly<Record<string, string>>
  /** The run prefix; the write guard allows writes only to namespaces starting with it. */
  readonly runPrefix: string
  /** `--namespace-parent`: the run's namespaces are its direct children (the parent itself is never written). */
  readonly runParent?: readonly string[]
  readonly onExchange?: (ex: Exchange) => void
  readonly warehouse?: string
  /** Told of every write before it is sent, so that cleanup knows what each namespace may hold. */
  readonly ledger?: ContentsLedger
  /** The id of the test this client sends for, which the request log files its requests under (none: the file's). */
  readonly test?: string
  /** The slots of a race (`withSlots`) its requests go through instead of the worker's in-flight gate. */
  readonly gate?: InFlightGate
}

type OperationMethods = { readonly [K in OperationId]: (args?: CallArgs) => Promise<Exchange> }

/**
 * Encodes a namespace for a path segment: each part URL-encoded (the separator character too, so a part
 * cannot split), joined by the URL-encoded separator.
 */
export function encodeNamespace(
  ns: readonly string[],
  caps: Pick<Capabilities, 'namespaceSeparator' | 'namespaceSeparatorEncoded'>,
): string {
  const sep = caps.namespaceSeparator
  const encodePart = (p: string) =>
    encodeURIComponent(p)
      .split(encodeURIComponent(sep))
      .join(caps.namespaceSeparatorEncoded)
      .replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase())
  const escapeSep = (p: string) =>
    sep.length === 1 && /[A-Za-z0-9\-_.~]/.test(sep) ? p.split(sep).join(caps.namespaceSeparatorEncoded) : p
  return ns.map((p) => escapeSep(encodePart(p))).join(caps.namespaceSeparatorEncoded)
}

/** The value of a `parent` (or `referenced-by`) query parameter before URL encoding: parts joined by the separator. */
export function joinNamespace(ns: readonly string[], caps: Pick<Capabilities, 'namespaceSeparator'>): string {
  return ns.join(caps.namespaceSeparator)
}

export class CatalogClient {
  readonly op: OperationMethods

  readonly options: ClientOptions
  constructor(options: ClientOptions) {
    this.options = options
    const methods: Partial<Record<OperationId, (args?: CallArgs) => Promise<Exchange>>> = {}
    for (const id of OPERATION_IDS) methods[id] = (args) => this.call(id, args)
    this.op = methods as OperationMethods
  }

  get caps(): Capabilities {
    return this.options.caps
  }

  /**
   * This client with `slots` of the worker's in-flight cap (`--max-in-flight`) held for its requests alone until
   * `close`: the racing requests of the concurrency suites go through it, so that they are in flight together, not
   * one free slot at a time among the file's other requests. Without a cap, this client itself.
   */
  async withSlots(slots: number): Promise<{ readonly client: CatalogClient; close(): void }> {
    const reserved = await this.options.transport.reserve(slots)
    if (!reserved) return { client: this, close: () => undefined }
    return { client: new CatalogClient({ ...this.options, gate: reserved.gate }), close: reserved.close }
  }

  /** Path of an operation with its parameters substituted (no base URL). */
  pathOf(id: OperationId, args: CallArgs = {}): string {
    const prefix = this.options.caps.prefix
    let path: string = OPERATIONS[id].path
    path =
      // Verbatim, as Iceberg's clients join it: a server that advertises `main%7Cwh` means exactly that segment.
      prefix === '' ? path.replace('/{prefix}', '') : path.replace('{prefix}', prefix)
    const need = (name: string, v: string | undefined) => {
      if (v === undefined) throw new Error(`${id}: missing path parameter ${name}`)
      return encodeURIComponent(v)
    }
    return path
      .replace('{namespace}', () =>
        args.encodedPath?.namespace !== undefined
          ? args.encodedPath.namespace
          : args.namespace
            ? encodeNamespace(args.namespace, this.options.caps)
            : need('namespace', undefined),
      )
      .replace('{table}', () => args.encodedPath?.table ?? need('table', args.table))
      .replace('{view}', () => args.encodedPath?.view ?? need('view', args.view))
      .replace('{plan-id}', () => need('plan-id', args.planId))
      .replace('{function}', () => need('function', args.function))
  }

  urlOf(id: OperationId, args: CallArgs = {}): string {
    const warehouse = id === 'getConfig' ? this.options.warehouse : undefined
    // Most requests carry no query: their URL is the path (no URLSearchParams to build for each).
    if (args.query === undefined && !warehouse) return `${this.options.baseUrl}${this.pathOf(id, args)}`
    const query = new URLSearchParams()
    if (warehouse) query.set('warehouse', warehouse)
    for (const [k, v] of Object.entries(args.query ?? {})) if (v !== undefined) query.set(k, String(v))
    const qs = query.toString()
    return `${this.options.baseUrl}${this.pathOf(id, args)}${qs ? `?${qs.replace(/\+/g, '%20')}` : ''}`
  }

  /** Sends one operation. Never throws for HTTP statuses; throws WriteRefused for a guarded write. */
  async call(id: OperationId, args: CallArgs = {}): Promise<Exchange> {
    const spec = OPERATIONS[id]
    const body = args.rawBody ?? (args.body === undefined ? undefined : stringifyJson(args.body))
    const url = this.urlOf(id, args)
    if (!changesNothing(id, args.body)) {
      const touched = namespacesTouched(id, args.namespace, args.body)
      checkWrite(
        spec.method,
        id,
        touched,
        this.options.runPrefix,
        `${url} ${body ?? ''}`,
        this.options.runParent,
      )
      if (!isRead(spec.method)) this.options.ledger?.record(id, touched, args)
    }
    const ex = await this.send(id, spec.method, url, body, args)
    if (!isRead(spec.method)) this.options.ledger?.answered(id, args, ex.status)
    return ex
  }

  /** A request to an arbitrary path under the base URL (unknown routes, wrong methods). Guarded as writes are. */
  async raw(
    method: string,
    path: string,
    args: Omit<CallArgs, 'namespace' | 'table' | 'view'> = {},
  ): Promise<Exchange> {
    const body = args.rawBody ?? (args.body === undefined ? undefined : stringifyJson(args.body))
    const url = `${this.options.baseUrl}${path}`
    checkWrite(method, 'raw', [], this.options.runPrefix, `${url} ${body ?? ''}`, this.options.runParent)
    if (!isRead(method)) this.options.ledger?.record('raw', [])
    return this.send('raw', method, url, body, args)
  }

  private async send(
    id: string,
    method: string,
    url: string,
    body: string | undefined,
    args: CallArgs,
  ): Promise<Exchange> {
    const headers: Record<string, string> = { accept: 'application/json' }
    for (const [k, v] of Object.entries(this.options.headers)) {
      if (args.anonymous && k.toLowerCase() === 'authorization') continue
      headers[k] = v
    }
    if (body !== undefined) headers['content-type'] = 'application/json'
    Object.assign(headers, args.headers)
    const ex = await this.options.transport.send({
      operationId: id,
      method,
      url,
      headers,
      ...(body !== undefined ? { body } : {}),
      ...(args.timeoutMs !== undefined ? { timeoutMs: args.timeoutMs } : {}),
      ...(this.options.test !== undefined ? { test: this.options.test } : {}),
      ...(this.options.gate ? { gate: this.options.gate } : {}),
    })
    this.options.onExchange?.(ex)
    return ex
  }
}
