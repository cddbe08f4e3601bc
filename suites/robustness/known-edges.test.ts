/**
 * Single inputs that crashed real servers and that the generated properties may not reach (a property reports one
 * shrunk counterexample, so a second defect on the same operation stays hidden behind the first). Each is sent as
 * is, in the run's own namespaces, and judged like the properties: never a server error (MUST); a refusal with a
 * 4xx where the body is invalid (SHOULD: a lenient server that copes is not wrong).
 */
import { operation, rule } from '../_harness/dsl.ts'
import { viewRequest } from '../_harness/support/catalog-objects.ts'
import { CLIENT_ERRORS } from './inputs.ts'
import { anyClientError } from '../_harness/support/statuses.ts'

const ok = (status: number) => status >= 200 && status < 300

operation('renameTable', () => {
  rule(
    {
      id: 'robustness/empty-names/no-5xx',
      title: 'a rename whose source table name is empty is answered with a 4xx, never a 5xx',
      requires: ['createNamespace', 'renameTable'],
    },
    async ({ catalog, sandbox, check }) => {
      const namespace = await sandbox.namespace(catalog, 'emptyname')
      // The empty name names nothing, so nothing can move: a conformant server refuses or does not find it.
      const ex = await catalog.op.renameTable({
        body: {
          source: { namespace, name: '' },
          destination: { namespace, name: sandbox.names.table('to') },
        },
      })
      check.conform(ex, { status: anyClientError(ex.status, 404) })
    },
  )
})

operation('createView', () => {
  rule(
    {
      id: 'robustness/view-representation/unknown-type-4xx',
      title:
        'a view version whose representation has an unknown type is refused with a 4xx; a 5xx is a robustness finding',
      requires: ['createNamespace', 'createView'],
    },
    async ({ catalog, sandbox, check }) => {
      const namespace = await sandbox.namespace(catalog, 'viewrep')
      const body = viewRequest(sandbox.names.view('rep'), namespace)
      const version = body['view-version'] as Record<string, unknown>
      body['view-version'] = {
        ...version,
        representations: [{ type: 'conformance-unknown', sql: 'SELECT 1', dialect: 'spark' }],
      }
      const ex = await catalog.op.createView({ namespace, body })
      // The view spec lists the sql kind only, but the document's schema takes any type: the body is valid by it, so a
      // 5xx is a robustness finding (as robustness/generated/createView judges it); storing it breaks the SHOULD below,
      // any 4xx is the expected refusal.
      check.conform(ex, {
        status: ok(ex.status) || CLIENT_ERRORS.includes(ex.status) ? ex.status : 400,
        serverError: 'robustness',
      })
      check.that(!ok(ex.status), 'the unknown representation type is refused with a 4xx', {
        level: 'SHOULD',
        received: ex.status,
        expected: 'a 4xx',
        ex,
      })
    },
  )
})
