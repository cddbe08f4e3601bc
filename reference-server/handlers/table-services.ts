/**
 * Table side services: reportMetrics (204), loadCredentials and the remote signer (`…/sign`).
 */
import { createHmac } from 'node:crypto'
import { badRequest, forbidden, noSuchPlanId } from '../errors.ts'
import { isObject, isStringArray, isStringMap } from '../json.ts'
import type { HandlerContext, OperationInput, OperationResult } from './context.ts'
import { storageCredentials } from './delegation.ts'
import { existingNamespace, fmt } from './namespaces.ts'
import { existingTable } from './tables.ts'

/** POST …/tables/{table}/metrics — reportMetrics: accepted and dropped. */
export function reportMetrics(ctx: HandlerContext, input: OperationInput): OperationResult {
  const req = input.body
  if (!isObject(req) || typeof req['report-type'] !== 'string') {
    throw badRequest('Invalid ReportMetricsRequest: report-type is required')
  }
  existingTable(ctx, input)
  return { status: 204 }
}

/** GET …/tables/{table}/credentials — loadCredentials; `planId`, when given, must be a plan of the table. */
export function loadCredentials(ctx: HandlerContext, input: OperationInput): OperationResult {
  const { ns, name, entry } = existingTable(ctx, input)
  const planId = input.query.get('planId')
  if (planId !== null && planId !== '' && !ctx.plans.get(ns, name, planId)) {
    throw noSuchPlanId(`Plan does not exist: ${planId}`)
  }
  return { status: 200, body: { 'storage-credentials': storageCredentials(entry.metadata) } }
}

const METHODS = new Set(['PUT', 'GET', 'HEAD', 'POST', 'DELETE', 'PATCH', 'OPTIONS'])

/**
 * POST …/tables/{table}/sign — signRequest. The spec lists no 404 here, so a missing table is
 * 403 (nothing to sign for). The signature is a deterministic HMAC, not a real AWS signature.
 */
export function signRequest(ctx: HandlerContext, input: OperationInput): OperationResult {
  const req = input.body
  if (!isObject(req)) throw badRequest('Invalid RemoteSignRequest: expected an object')
  const { region, uri, method, headers } = req
  if (typeof region !== 'string') throw badRequest('Invalid RemoteSignRequest: region is required')
  if (typeof uri !== 'string' || !URL.canParse(uri))
    throw badRequest('Invalid RemoteSignRequest: uri must be a URI')
  if (typeof method !== 'string' || !METHODS.has(method))
    throw badRequest('Invalid RemoteSignRequest: method')
  if (!isObject(headers) || !Object.values(headers).every(isStringArray)) {
    throw badRequest('Invalid RemoteSignRequest: headers must map names to arrays of strings')
  }
  if (req.properties !== undefined && !isStringMap(req.properties)) throw badRequest('Invalid properties')
  const ns = existingNamespace(ctx, input)
  const name = input.table ?? ''
  if (!ctx.catalog.getTable(ns, name)) throw forbidden(`No table to sign for: ${fmt(ns)}.${name}`)
  const signature = createHmac('sha256', `reference-signer:${region}`)
    .update(`${method}\n${uri}`)
    .digest('hex')
  return {
    status: 200,
    body: {
      uri,
      headers: {
        ...(headers as Record<string, string[]>),
        Authorization: [
          `AWS4-HMAC-SHA256 Credential=reference/${region}/s3/aws4_request, Signature=${signature}`,
        ],
      },
    },
    headers: { 'cache-control': 'no-cache' },
  }
}
