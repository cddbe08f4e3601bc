/**
 * AJV's compiler, loaded on first use. Importing it loads ~230 CommonJS modules (~55 ms in each thread, Node 24, from
 * the compile cache), and a thread that judges with the precompiled validators (precompiled.ts) never compiles: the
 * suites' workers and the reference server load only AJV's few runtime helpers, which the precompiled code requires
 * itself. The CLI loads the compiler only to write that cache after a schema change, or to check a results file or a
 * container definition.
 */
import { createRequire } from 'node:module'
import type * as Ajv2020Module from 'ajv/dist/2020.js'
import type * as AjvModule from 'ajv'
import type AddFormats from 'ajv-formats'
import type StandaloneCode from 'ajv/dist/standalone/index.js'

const requireHere = createRequire(import.meta.url)

/** The draft 2020-12 AJV class. */
export function ajv2020(): typeof Ajv2020Module.Ajv2020 {
  return (requireHere('ajv/dist/2020.js') as typeof Ajv2020Module).Ajv2020
}

/** ajv-formats' plugin (a CommonJS module whose export is the function). */
export function addFormats(): typeof AddFormats.default {
  return requireHere('ajv-formats') as typeof AddFormats.default
}

/** AJV's code template tag, for code options of standalone validators. */
export function codeTag(): typeof AjvModule._ {
  return (requireHere('ajv') as typeof AjvModule)._
}

/** AJV's standalone code generator (a CommonJS module whose export is the function). */
export function standaloneCode(): typeof StandaloneCode.default {
  return requireHere('ajv/dist/standalone/index.js') as typeof StandaloneCode.default
}
