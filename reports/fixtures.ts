/** Loading of the report fixtures (fixtures/reports/) for the report tests. */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Results } from './results.ts'

/** Absolute path of a file under fixtures/reports/. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../fixtures/reports/${name}`, import.meta.url))
}

/** A results fixture, parsed (a fresh copy each call, so tests may change it). */
export function loadFixture(name: 'results-realistic.json' | 'results-hostile.json' | string): Results {
  return JSON.parse(readFileSync(fixturePath(name), 'utf8')) as Results
}
