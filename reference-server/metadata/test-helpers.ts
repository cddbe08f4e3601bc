/**
 * Test helpers for the metadata builder: a deterministic context, small request builders and fixture
 * loading. Only tests import this module.
 */
import { readFileSync } from 'node:fs'
import { expect } from 'vitest'
import { CatalogError } from '../errors.ts'
import type { CommitContext, CreateTableInput, TableMetadata, ViewMetadata } from './types.ts'

export const T0 = 1_700_000_000_000

/** A context whose uuids are `00000000-0000-4000-8000-<counter>` and whose clock is `nowMs`. */
export function testContext(nowMs = T0, extra: Partial<CommitContext> = {}): CommitContext {
  let n = 0
  return {
    nowMs,
    newUuid: () => `00000000-0000-4000-8000-${(++n).toString(16).padStart(12, 'a')}`,
    ...extra,
  }
}

export const SCHEMA = {
  type: 'struct' as const,
  fields: [
    { id: 1, name: 'id', type: 'long', required: true },
    { id: 2, name: 'data', type: 'string', required: false },
    { id: 3, name: 'ts', type: 'timestamptz', required: false },
  ],
}

export function createRequest(extra: Partial<CreateTableInput> = {}): CreateTableInput {
  return { name: 't', schema: structuredClone(SCHEMA), ...extra }
}

/** Loads a JSON document from fixtures/metadata/. */
export function fixture<T = TableMetadata | ViewMetadata>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../../fixtures/metadata/${name}`, import.meta.url), 'utf8')) as T
}

/** Runs `fn` and asserts it throws a CatalogError with that status (and type, when given). */
export function expectError(
  fn: () => unknown,
  status: number,
  type?: string,
  message?: RegExp,
): CatalogError {
  let caught: unknown
  try {
    fn()
  } catch (e) {
    caught = e
  }
  expect(caught).toBeInstanceOf(CatalogError)
  const err = caught as CatalogError
  expect(err.status).toBe(status)
  if (type) expect(err.type).toBe(type)
  if (message) expect(err.message).toMatch(message)
  return err
}

export const dataFile = (path: string, records = 10, partition: unknown[] = []) => ({
  content: 'data',
  'file-path': path,
  'file-format': 'parquet',
  'spec-id': 0,
  partition,
  'file-size-in-bytes': 100,
  'record-count': records,
})
