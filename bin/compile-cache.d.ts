// Types of compile-cache.js (plain JavaScript: the bin runs before any TypeScript loader).
export const MAX_ENTRIES: number

export function boundCompileCache(dir: string, maxEntries?: number): boolean
