/**
 * The string formats the schemas use beyond JSON Schema's own: ajv-formats' full set, with an ISO 8601 duration
 * that also takes fractional seconds.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js'

/**
 * ISO 8601 duration, including fractional seconds (`PT0.5S`), which ajv-formats' `duration` rejects
 * although Java's Duration.parse (what servers use for idempotency-key-lifetime) accepts it.
 */
export const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/

/** Every format by name, as precompiled validators read them (`formats.<name>`). */
export const FORMATS: Readonly<Record<string, unknown>> = { ...fullFormats, duration: ISO_DURATION }
