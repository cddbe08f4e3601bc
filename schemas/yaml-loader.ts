/**
 * The YAML library, loaded on first use: ~70 modules (~35 ms, Node 24, from the compile cache) that a run reads
 * only when it is given a YAML file (a config, an expectations file, a container definition, an OpenAPI document).
 * The CLI imports every module that could need it at start, and most runs need none.
 */
import { createRequire } from 'node:module'
import type * as Yaml from 'yaml'

const requireHere = createRequire(import.meta.url)

export function yaml(): typeof Yaml {
  return requireHere('yaml') as typeof Yaml
}
