/**
 * The sandbox of one test file: unique names under the run prefix, clients that remember which namespaces
 * they created, setup helpers, and cleanup after the file (even when tests failed). The end of the run sweeps the
 * whole run prefix again (the CLI; the global teardown for a run without it), so an interrupted file leaves nothing
 * behind either. A run that leaves what it creates in place (`RunContext.skipCleanup`: a target discarded with its
 * data) sends no drops; the harness's own files are still removed.
 *
 * Each test gets a view of its file's sandbox (`forTest`): the same names, ledger and cleanup, with clients that log
 * their requests under the test (http/request-log.ts). Passing the test along is what tells a request's test apart
 * when a file's tests run concurrently; an AsyncLocalStorage did, and under Node 20 it made every promise of the run
 * call async hooks (about 0.5-1 s of CPU in a certification against the Java fixture).
 */
import type { RunContext } from '../run-context.ts'
import { CatalogClient } from '../client.ts'
import type { Exchange } from '../http/exchange.ts'
import type { Transport } from '../http/transport.ts'
import { expectSetup } from '../setup-failure.ts'
import { DROPS_AT_ONCE, dropNamespaceTree } from './cleanup.ts'
import { inParallel } from '../support/in-parallel.ts'
import { ContentsLedger } from './contents-ledger.ts'
import { removeWrittenFiles } from '../support/table-files.ts'
import { Names, fileTag } from './names.ts'

/** What the sandboxes of one file share, whichever test's view holds them. */
interface FileState {
  readonly names: Names
  /** The namespaces the file's clients created. */
  readonly created: string[][]
  /** What the file's writes may have put in each namespace: cleanup lists only that. */
  readonly ledger: ContentsLedger
  /** Drops started by dropLater, awaited by the file's cleanup. */
  readonly pending: Promise<void>[]
  /** What the file's tests share (`shared`). */
  readonly shared: Map<string, unknown>
}

export class Sandbox {
  private readonly file: FileState
  /** The test whose requests this view's clients send ('' for the file's own: its cleanup). */
  private readonly test: string
  private readonly quiet: CatalogClient

  readonly run: RunContext
  private readonly transport: Transport
  /** `view`: a test's view of a file's sandbox (forTest); `testFile` names the file of a new one. */
  constructor(
    run: RunContext,
    transport: Transport,
    testFile: string,
    view?: { file: FileState; test: string },
  ) {
    this.run = run
    this.transport = transport
    this.file = view?.file ?? {
      names: new Names(run.runPrefix, fileTag(testFile), run.namespaceParent),
      created: [],
      ledger: new ContentsLedger(),
      pending: [],
      shared: new Map(),
    }
    this.test = view?.test ?? ''
    this.quiet = this.client()
  }

  /** This file's sandbox as test `test` uses it: what its clients send is logged under the test. */
  forTest(test: string): Sandbox {
    return new Sandbox(this.run, this.transport, '', { file: this.file, test })
  }

  get names(): Names {
    return this.file.names
  }

  /**
   * What the tests of this file share under `key`, made by the first that asks: a setup made once per file (a
   * namespace every run of a property lists). Its requests count for the test that made it.
   */
  shared<T>(key: string, make: () => T): T {
    if (!this.file.shared.has(key)) this.file.shared.set(key, make())
    return this.file.shared.get(key) as T
  }

  /** A client that records into `onExchange` and remembers namespaces it created. */
  client(onExchange?: (ex: Exchange) => void, headers?: Record<string, string>): CatalogClient {
    return new CatalogClient({
      baseUrl: this.run.baseUrl,
      caps: this.run.caps,
      transport: this.transport,
      headers: headers ?? this.run.headers,
      runPrefix: this.run.runPrefix,
      runParent: this.run.namespaceParent,
      ...(this.run.warehouse ? { warehouse: this.run.warehouse } : {}),
      ledger: this.file.ledger,
      ...(this.test ? { test: this.test } : {}),
      onExchange: (ex) => {
        this.track(ex)
        onExchange?.(ex)
      },
    })
  }

  private track(ex: Exchange): void {
    if (ex.operationId !== 'createNamespace' || ex.status < 200 || ex.status >= 300) return
    const ns = (ex.json as { namespace?: unknown } | undefined)?.namespace
    if (!Array.isArray(ns) || !ns.every((p): p is string => typeof p === 'string')) return
    // The ledger learns it too: a body it could not read (a raw one) named none, and cleanup drops only what it may
    // hold (mayExist).
    this.file.ledger.record('createNamespace', [ns])
    if (!this.file.created.some((c) => same(c, ns))) this.file.created.push(ns)
  }

  /** Creates a fresh namespace of this run (a setup step). */
  async namespace(
    client: CatalogClient,
    label = 'ns',
    properties?: Record<string, string>,
  ): Promise<string[]> {
    const ns = this.names.namespace(label)
    const ex = await client.op.createNamespace({
      body: { namespace: ns, ...(properties ? { properties } : {}) },
    })
    expectSetup(ex, 'create namespace')
    if (!this.file.created.some((c) => same(c, ns))) this.file.created.push(ns)
    return ns
  }

  /**
   * Drops a namespace of this run with everything in it, quietly: a cleanup, not a check. Never throws (cleanup must
   * not mask results); the end of the run sweeps the run prefix again. Nothing is sent when the run leaves what
   * it creates in place (a target discarded with its data): drops would only cost requests there, a quarter of a
   * bundled certification's. Nor for a namespace this file never asked to create, or whose drop a test already saw
   * answered (the ledger's mayExist): a drop there judges nothing and gets a 404 (~30 of a certification's requests,
   * most of them the model-based runs' namespace keys their sequences never created or dropped themselves).
   */
  async dropQuietly(ns: readonly string[]): Promise<void> {
    if (this.run.skipCleanup || !this.file.ledger.mayExist(ns)) return
    try {
      await dropNamespaceTree(this.quiet, ns)
    } catch {
      // swept after the run
    }
  }

  /**
   * dropQuietly without waiting for it: a property's next run goes on meanwhile (each run works in namespaces of its
   * own, so none waits on another's cleanup; at a network distance those drops were most of a run's chain). The
   * file's cleanup waits for every one.
   */
  dropLater(ns: readonly string[]): void {
    this.file.pending.push(this.dropQuietly(ns))
  }

  /** Drops every namespace this file created, deepest first. */
  async cleanup(): Promise<void> {
    await Promise.all(this.file.pending.splice(0))
    // Deepest first; the namespaces of one depth at once (none holds another). Those a test or a property run already
    // dropped send nothing (dropQuietly).
    const left = this.file.created
    const depths = [...new Set(left.map((ns) => ns.length))].sort((a, b) => b - a)
    for (const depth of depths)
      await inParallel(
        left.filter((ns) => ns.length === depth),
        DROPS_AT_ONCE,
        (ns) => this.dropQuietly(ns),
      )
    this.file.created.length = 0
    // After the drops: a purge reads the manifests the harness wrote. They are the harness's files, on its own
    // machine: removed even when the catalog's objects are left in place.
    removeWrittenFiles()
  }
}

function same(a: readonly string[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((p, i) => p === b[i])
}
