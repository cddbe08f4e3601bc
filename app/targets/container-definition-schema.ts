/**
 * JSON Schema (2020-12) of a container target definition (`fixtures/targets/containers/*.yaml`).
 * Kept beside its loader, not in schemas/, because it describes a harness recipe, not the REST spec.
 */
const port = { type: 'integer', minimum: 1, maximum: 65535 } as const
const nonEmpty = { type: 'string', minLength: 1 } as const
const stringList = { type: 'array', items: nonEmpty, minItems: 1 } as const
const env = { type: 'object', additionalProperties: { type: 'string' } } as const
// A pinned tag: `latest`-style moving tags would make a run impossible to reproduce.
const image = {
  type: 'object',
  required: ['name', 'tag'],
  additionalProperties: false,
  properties: {
    name: nonEmpty,
    tag: { type: 'string', minLength: 1, not: { enum: ['latest', 'latest-main', 'nightly'] } },
  },
} as const
const readiness = {
  oneOf: [
    {
      type: 'object',
      required: ['kind', 'port', 'path', 'status'],
      additionalProperties: false,
      properties: {
        kind: { const: 'http' },
        port,
        path: { type: 'string', pattern: '^/' },
        status: { type: 'array', items: { type: 'integer', minimum: 100, maximum: 599 }, minItems: 1 },
      },
    },
    {
      type: 'object',
      required: ['kind', 'pattern'],
      additionalProperties: false,
      properties: { kind: { const: 'log' }, pattern: nonEmpty, times: { type: 'integer', minimum: 1 } },
    },
  ],
} as const

export const containerDefinitionSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: [
    'name',
    'description',
    'verified',
    'image',
    'env',
    'ports',
    'readiness',
    'startupTimeoutMs',
    'catalog',
    'teardown',
  ],
  additionalProperties: false,
  properties: {
    name: { type: 'string', pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
    description: nonEmpty,
    verified: { type: 'boolean' },
    notes: { type: 'string' },
    image,
    entrypoint: stringList,
    command: stringList,
    env,
    ports: { type: 'array', items: port, minItems: 1, uniqueItems: true },
    readiness,
    startupTimeoutMs: { type: 'integer', minimum: 1000 },
    catalog: {
      type: 'object',
      required: ['port', 'basePath'],
      additionalProperties: false,
      properties: {
        port,
        // '' or '/segment…' without a trailing slash and without /v1: the harness appends /v1/…
        basePath: { type: 'string', pattern: '^(/[^/]+)*$', not: { pattern: '/v1$' } },
        warehouse: nonEmpty,
        prefix: nonEmpty,
      },
    },
    auth: {
      type: 'object',
      required: ['kind', 'port', 'tokenPath', 'clientId', 'clientSecret'],
      additionalProperties: false,
      properties: {
        kind: { const: 'oauth2-client-credentials' },
        port,
        tokenPath: { type: 'string', pattern: '^/' },
        clientId: nonEmpty,
        clientSecret: nonEmpty,
        scope: nonEmpty,
      },
    },
    services: {
      type: 'array',
      items: {
        type: 'object',
        required: ['alias', 'image'],
        additionalProperties: false,
        properties: {
          alias: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
          image,
          env,
          entrypoint: stringList,
          command: stringList,
          ports: { type: 'array', items: port, uniqueItems: true },
          readiness,
          oneShot: { type: 'boolean' },
        },
      },
    },
    bootstrap: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'method', 'port', 'path', 'expectStatus'],
        additionalProperties: false,
        properties: {
          name: nonEmpty,
          method: { enum: ['GET', 'POST', 'PUT', 'DELETE'] },
          port,
          path: { type: 'string', pattern: '^/' },
          body: {},
          useAuth: { type: 'boolean' },
          expectStatus: {
            type: 'array',
            items: { type: 'integer', minimum: 100, maximum: 599 },
            minItems: 1,
          },
        },
      },
    },
    teardown: {
      type: 'object',
      required: ['stopTimeoutMs', 'removeVolumes'],
      additionalProperties: false,
      properties: { stopTimeoutMs: { type: 'integer', minimum: 0 }, removeVolumes: { type: 'boolean' } },
    },
  },
} as const
