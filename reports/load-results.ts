/** Reading a results.json from disk: JSON, then checked against its schema (a file of another version or tool is refused). */
import { readFileSync } from 'node:fs'
import { HarnessError } from '../suites/_harness/results/errors.ts'
import type { Results } from './results.ts'
import { validateResults } from './results-schema.ts'

export function readJson(file: string): unknown {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (e) {
    throw new HarnessError(`cannot read ${file}: ${(e as Error).message}`)
  }
  try {
    return JSON.parse(text) as unknown
  } catch (e) {
    throw new HarnessError(`${file} is not JSON: ${(e as Error).message.replace(/\s+/g, ' ')}`)
  }
}

/** Reads a results.json and checks it against the schema (a file from another version or tool is refused). */
export function loadResults(file: string): Results {
  const value = readJson(file)
  const errors = validateResults(value)
  if (errors.length > 0)
    throw new HarnessError(`${file} is not a valid results.json: ${errors.slice(0, 5).join('; ')}`)
  return value as Results
}
