/**
 * Access delegation: with vended-credentials requested, credentials come back in
 * storage-credentials or config; loadCredentials answers them; remote signing is configured and its endpoint
 * signs. Delegation is optional in Iceberg: a server that ignores the header is "unsupported". The original
 * document makes vended credentials (a `token` in config) a MUST.
 */
import type { RunContext } from '../_harness/run-context.ts'
import { supports } from '../_harness/capabilities.ts'
import { operation, rule } from '../_harness/dsl.ts'
import { defines, referencedBy } from '../_harness/support/spec-params.ts'
import { anyAnswer } from '../_harness/support/statuses.ts'
import { createTable, tableRequest, type LoadTableResult } from '../_harness/support/catalog-objects.ts'

/** Config keys that carry a vended credential. */
const CREDENTIAL_KEY =
  /^(token|s3\.access-key-id|s3\.session-token|gcs\.oauth2\.token|adls\.sas-token.*|urn:ietf:params:oauth:token-type:.+)$/

const delegation = (run: RunContext, value: string) => ({ [run.delegationHeader]: value })

function credentialsOf(res: LoadTableResult): { where: string; count: number } {
  const storage = res['storage-credentials'] ?? []
  if (storage.length > 0) return { where: 'storage-credentials', count: storage.length }
  const keys = Object.keys(res.config ?? {}).filter((k) => CREDENTIAL_KEY.test(k))
  return { where: 'config', count: keys.length }
}

/**
 * A load with a delegation header is a well-formed load, due the 200 of loadTable's own rule at its level: the
 * delegation rules here are MAY ("the server may choose to supply access via any or none of the requested
 * mechanisms") and never fail, so that 200 is not theirs to judge.
 */
const LOAD_SUCCEEDS = { rule: 'tables/load/matches-create', level: 'MUST' } as const

operation('loadTable', () => {
  rule(
    {
      id: 'delegation/vended-credentials/load',
      title: 'with vended-credentials requested, load returns credentials in storage-credentials or config',
      requires: ['createNamespace', 'createTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check, run, meta, unsupported }) => {
      const ns = await sandbox.namespace(catalog, 'vended')
      await createTable(catalog, check, ns, 't')
      const ex = await catalog.op.loadTable({
        namespace: ns,
        table: 't',
        headers: delegation(run, 'vended-credentials'),
      })
      // A load with a delegation header is a well-formed load: its 200 is loadTable's own rule, at its level.
      const res = check.conform<LoadTableResult>(ex, { status: 200, ...LOAD_SUCCEEDS })
      const found = credentialsOf(res)
      if (found.count === 0 && meta.level !== 'MUST')
        unsupported(
          `the server ignores ${run.delegationHeader}: vended-credentials (no credentials returned)`,
        )
      if (run.profile === 'document')
        check.that(typeof res.config?.token === 'string', 'the config carries a token entry', {
          received: Object.keys(res.config ?? {}),
        })
      else check.that(found.count > 0, 'credentials are returned', { received: res.config })
      for (const c of res['storage-credentials'] ?? []) {
        check.that(
          typeof res.metadata.location === 'string' && res.metadata.location.startsWith(c.prefix),
          'a storage credential’s prefix covers the table location',
          { received: c.prefix, expected: `a prefix of ${res.metadata.location}`, level: 'SHOULD' },
        )
      }
    },
  )

  rule(
    {
      id: 'delegation/vended-credentials/create',
      title: 'with vended-credentials requested, create returns credentials as load does',
      requires: ['createNamespace', 'createTable'],
    },
    async ({ catalog, sandbox, check, run, unsupported }) => {
      const ns = await sandbox.namespace(catalog, 'vendedcreate')
      const ex = await catalog.op.createTable({
        namespace: ns,
        body: tableRequest('t'),
        headers: delegation(run, 'vended-credentials'),
      })
      // The delegation header asks, and "the server may choose to supply access via any or none": the create itself
      // is due its 200, createTable's own rule, at its level (this MAY rule never fails).
      const res = check.conform<LoadTableResult>(ex, {
        status: 200,
        rule: 'tables/create/returns-metadata',
        level: 'MUST',
      })
      if (credentialsOf(res).count === 0) unsupported('the server vends no credentials on create')
    },
  )

  rule(
    {
      id: 'delegation/remote-signing/config',
      title: 'with remote-signing requested, the load result enables remote signing',
      requires: ['createNamespace', 'createTable', 'loadTable'],
    },
    async ({ catalog, sandbox, check, run, unsupported }) => {
      const ns = await sandbox.namespace(catalog, 'signing')
      await createTable(catalog, check, ns, 't')
      const ex = await catalog.op.loadTable({
        namespace: ns,
        table: 't',
        headers: delegation(run, 'remote-signing'),
      })
      const res = check.conform<LoadTableResult & { 'remote-signing-config'?: unknown }>(ex, {
        status: 200,
        ...LOAD_SUCCEEDS,
      })
      if (res.config?.['s3.remote-signing-enabled'] !== 'true' && res['remote-signing-config'] === undefined)
        unsupported('the server does not offer remote signing')
      check.that(
        run.caps.endpoints.includes('POST /v1/{prefix}/namespaces/{namespace}/tables/{table}/sign') ||
          typeof res.config?.['signer.uri'] === 'string',
        'remote signing is enabled: the sign endpoint is advertised (or a signer.uri names another signer)',
        { received: res.config, level: 'SHOULD' },
      )
    },
  )
})

operation('loadCredentials', () => {
  rule(
    {
      id: 'delegation/load-credentials/returns',
      title: 'loadCredentials answers 200 with a storage-credentials array',
      requires: ['createNamespace', 'createTable', 'loadCredentials'],
    },
    async ({ catalog, sandbox, check, run }) => {
      const ns = await sandbox.namespace(catalog, 'creds')
      await createTable(catalog, check, ns, 't')
      const ex = await catalog.op.loadCredentials({ namespace: ns, table: 't' })
      // This rule's assertion first; the registry's schema check (schema/LoadCredentialsResponse) after it.
      const body = ((ex.status === 200 ? ex.json : undefined) ?? {}) as { 'storage-credentials'?: unknown }
      if (ex.status !== 200) check.conform(ex, { status: 200 })
      check.that(Array.isArray(body['storage-credentials']), 'storage-credentials is an array', {
        received: body['storage-credentials'],
      })
      check.conform(ex, { status: 200 })
      // The 1.11 parameters, as a client sends them: credentials for a scan the server planned (`planId`), and for
      // a table read through a view (`referenced-by`). The document gives them no behaviour to judge, so any
      // answer but a 5xx will do (a 200 is judged against LoadCredentialsResponse).
      const scoped: Record<string, string>[] = []
      if (defines(run, 'loadCredentials', 'query', 'planId') && supports(run.caps, 'planTableScan')) {
        const plan = await catalog.op.planTableScan({ namespace: ns, table: 't', body: {} })
        const planId = (plan.json as { 'plan-id'?: unknown } | undefined)?.['plan-id']
        if (plan.status === 200 && typeof planId === 'string') scoped.push({ planId })
      }
      if (defines(run, 'loadCredentials', 'query', 'referenced-by'))
        scoped.push({
          'referenced-by': referencedBy(run, [{ namespace: ns, view: sandbox.names.view('via') }]),
        })
      for (const query of scoped) {
        const again = await catalog.op.loadCredentials({ namespace: ns, table: 't', query })
        check.conform(again, { status: anyAnswer(again.status) })
      }
    },
  )

  rule(
    {
      id: 'delegation/load-credentials/missing-404',
      title: 'loadCredentials of a table that does not exist is 404',
      requires: ['createNamespace', 'loadCredentials'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'credsmissing')
      check.conform(await catalog.op.loadCredentials({ namespace: ns, table: 'nope' }), {
        status: 404,
        errorType: /NoSuchTable/,
      })
    },
  )
})

operation('signRequest', () => {
  rule(
    {
      id: 'delegation/sign/returns',
      title: 'the sign endpoint answers 200 with the signed uri and headers',
      requires: ['createNamespace', 'createTable', 'signRequest'],
    },
    async ({ catalog, sandbox, check }) => {
      const ns = await sandbox.namespace(catalog, 'sign')
      const created = await createTable(catalog, check, ns, 't')
      const uri = `${(created.metadata.location ?? 's3://bucket/table').replace(/\/+$/, '')}/data/f.parquet`
      const ex = await catalog.op.signRequest({
        namespace: ns,
        table: 't',
        body: { region: 'us-east-1', uri, method: 'GET', headers: { host: ['bucket.s3.amazonaws.com'] } },
      })
      if (ex.status !== 200) check.conform(ex, { status: 200 })
      const body = (ex.json ?? {}) as { uri?: unknown; headers?: unknown }
      check.that(typeof body.uri === 'string' && !!body.headers, 'the result has uri and headers', {
        received: body,
      })
      const cc = ex.headers['cache-control'] ?? ''
      check.that(/\b(private|no-cache)\b/i.test(cc), 'Cache-Control says private or no-cache', {
        received: cc,
        level: 'SHOULD',
      })
      check.conform(ex, { status: 200 })
      // The optional fields, as a client signs an S3 DeleteObjects call (the document's example of a body that
      // must be validated before signing): its provider, its body and the request's properties. Whether the server
      // signs this one too the document leaves open, so any answer but a 5xx will do.
      const table = created.metadata.location ?? ''
      const base = table.startsWith('s3://') ? table.replace(/\/+$/, '') : 's3://bucket/table'
      const deletes = await catalog.op.signRequest({
        namespace: ns,
        table: 't',
        body: {
          region: 'us-east-1',
          uri: `${base}/data?delete`,
          method: 'POST',
          headers: { host: ['bucket.s3.amazonaws.com'], 'content-type': ['application/xml'] },
          body: `<Delete><Object><Key>${base.replace(/^s3:\/\/[^/]+\//, '')}/data/f.parquet</Key></Object></Delete>`,
          provider: 's3',
          properties: {},
        },
      })
      check.conform(deletes, { status: anyAnswer(deletes.status) })
    },
  )
})
