/**
 * Test data of the scenario suites (commits, views, …) lives as JSON files under fixtures/; this reads them.
 * Each call returns a fresh deep copy, so a test may change what it gets.
 */
import { readFileSync } from 'node:fs'

const ROOT = new URL('../../../fixtures/', import.meta.url)
const cache = new Map<string, string>()

/** Parses `fixtures/<path>` (e.g. `commits/create-table.json`). */
export function fixture<T = Record<string, unknown>>(path: string): T {
  let text = cache.get(path)
  if (text === undefined) {
    text = readFileSync(new URL(path, ROOT), 'utf8')
    cache.set(path, text)
  }
  return JSON.parse(text) as T
}
