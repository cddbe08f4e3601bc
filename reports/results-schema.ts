/**
 * Validation of a results.json document against reports/results.schema.json (its own AJV instance: the
 * report format is ours, not the spec's, so it does not live in the schemas/ registry).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ValidateFunction } from 'ajv'
import { addFormats, ajv2020 } from '../schemas/ajv-compiler.ts'
import type { Results } from './results.ts'

export const RESULTS_SCHEMA_PATH = fileURLToPath(new URL('./results.schema.json', import.meta.url))

let validator: ValidateFunction | undefined

function compiled(): ValidateFunction {
  if (validator) return validator
  const ajv = new (ajv2020())({ strict: true, allErrors: true })
  addFormats()(ajv)
  validator = ajv.compile(JSON.parse(readFileSync(RESULTS_SCHEMA_PATH, 'utf8')) as object)
  return validator
}

/** The schema errors of a results document, one readable line each; empty when it is valid. */
export function validateResults(value: unknown): string[] {
  const v = compiled()
  if (v(value)) return []
  return (v.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`)
}

/** Type guard over validateResults. */
export function isResults(value: unknown): value is Results {
  return validateResults(value).length === 0
}
