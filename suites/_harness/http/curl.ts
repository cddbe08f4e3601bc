/** Builds a copy-paste curl line for a (redacted) request. */
import type { RecordedRequest } from './exchange.ts'

function quote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`
}

export function curlLine(req: RecordedRequest): string {
  const parts = ['curl', '-sS', '-i']
  if (req.method === 'HEAD') parts.push('-I')
  else if (req.method !== 'GET') parts.push('-X', req.method)
  for (const [k, v] of Object.entries(req.headers)) parts.push('-H', quote(`${k}: ${v}`))
  if (req.body !== undefined && req.body !== '') parts.push('--data-raw', quote(req.body))
  parts.push(quote(req.url))
  return parts.join(' ')
}
