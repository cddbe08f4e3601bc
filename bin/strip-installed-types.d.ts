// Types of strip-installed-types.js (plain JavaScript: it runs before any TypeScript is loaded).
export function canStripInstalledTypes(): boolean

export function isOwnTypeScript(url: string, rootUrl: string): boolean

export function registerStripInstalledTypes(root: string | URL): boolean
