/** Negative controls of suites/delegation/. */
import type { Fault } from '../fault.ts'
import { onOperations, withHeaders, withJson } from '../fault-kit.ts'
import { errorResponse, jsonOk } from './scenario-kit.ts'

const AREAS = ['delegation']
type Json = Record<string, unknown>

export const faults: Fault[] = [
  {
    name: 'delegation-ignored-document-profile',
    description:
      'The access-delegation header is ignored; under the original document vended credentials are a MUST.',
    areas: AREAS,
    breaks: ['delegation/vended-credentials/load'],
    runArgs: ['--profile', 'document'],
    hooks: () => ({ flags: { ignoreDelegation: true } }),
  },
  {
    name: 'delegation-header-crashes',
    description: 'A load or create that requests delegation crashes (500).',
    areas: AREAS,
    // A load or create with the header is a well-formed request due its 200: the failure is loadTable's and
    // createTable's own rule (the delegation rules are MAY, and never fail), judged in the delegation tests.
    breaks: ['tables/load/matches-create', 'tables/create/returns-metadata'],
    hooks: () => ({
      onRequest: (req) =>
        req.headers['x-iceberg-access-delegation'] !== undefined
          ? errorResponse(500, 'InternalServerError', 'Unexpected error')
          : req,
    }),
  },
  {
    name: 'delegation-credential-prefix-elsewhere',
    description: 'Vended storage credentials name a prefix that does not cover the table location.',
    areas: AREAS,
    breaks: ['delegation/vended-credentials/load'],
    hooks: () => ({
      onResponse: onOperations(
        ['loadTable'],
        (res) =>
          withJson(res, (b) => ({
            ...b,
            'storage-credentials': ((b['storage-credentials'] ?? []) as Json[]).map((c) => ({
              ...c,
              prefix: 's3://somewhere-else/',
            })),
          })),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'delegation-sign-unadvertised',
    description: 'Remote signing is enabled in table config, but the sign endpoint is not advertised.',
    areas: AREAS,
    breaks: ['delegation/remote-signing/config'],
    hooks: () => ({
      onResponse: onOperations(
        ['getConfig'],
        (res) =>
          withJson(res, (b) => ({
            ...b,
            endpoints: ((b.endpoints ?? []) as string[]).filter((e) => !e.endsWith('/sign')),
          })),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'delegation-load-credentials-empty',
    description: 'loadCredentials answers an empty object without storage-credentials.',
    areas: AREAS,
    breaks: ['delegation/load-credentials/returns'],
    hooks: () => ({
      onResponse: onOperations(
        ['loadCredentials'],
        () => jsonOk(200, {}),
        (res) => res.status === 200,
      ),
    }),
  },
  {
    name: 'delegation-load-credentials-missing-200',
    description: 'loadCredentials of a missing table answers 200 with no credentials.',
    areas: AREAS,
    breaks: ['delegation/load-credentials/missing-404'],
    hooks: () => ({
      onResponse: onOperations(
        ['loadCredentials'],
        () => jsonOk(200, { 'storage-credentials': [] }),
        (res) => res.status === 404,
      ),
    }),
  },
  {
    name: 'delegation-sign-no-cache-control',
    description: 'The sign endpoint answers without Cache-Control and without headers.',
    areas: AREAS,
    breaks: ['delegation/sign/returns'],
    hooks: () => ({
      onResponse: onOperations(
        ['signRequest'],
        (res) =>
          withHeaders(
            withJson(res, ({ headers: _h, ...rest }) => rest),
            { 'cache-control': null },
          ),
        (res) => res.status === 200,
      ),
    }),
  },
]
