/** Whether a Content-Type names JSON: application/json or a structured `+json` type, parameters allowed. */
export function isJsonMediaType(contentType: string): boolean {
  return /^application\/([\w.+-]*\+)?json\b/i.test(contentType)
}
