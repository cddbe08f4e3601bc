/**
 * Test data of the scenario suites (commits, views, …) lives as JSON files under fixtures/; this reads them.
 * Each call returns a fresh deep copy, so a test may change what it gets.
 */
import { readFileSync } from 'node:fs'
import { parseJson } from '../../../schemas/model/json-int64.ts'

const ROOT = new URL('../../../fixtures/', import.meta.url)
const cache = new Map<string, string>()

/** Parses `fixtures/<path>` (e.g. `commits/create-table.json`). */
export function fixture<T = Record<string, unknown>>(path: string): T {
  let text = cache.get(path)
  if (text === undefined) {
    text = readFileSync(new URL(path, ROOT), 'utf8')
    cache.set(path, text)
  }
  // Without loss: a fixture's 63-bit snapshot id (the commit report's) is sent as written.
  return parseJson(text) as T
}
