import { describe, expect, it } from 'vitest'
import { metadataFileName, nextMetadataLocation, parseMetadataVersion } from './index.ts'

describe('metadata file names', () => {
  it('zero-pads the version to 5 digits', () => {
    expect(metadataFileName(0, 'u')).toBe('00000-u.metadata.json')
    expect(metadataFileName(42, 'u', true)).toBe('00042-u.gz.metadata.json')
    expect(metadataFileName(123456, 'u')).toBe('123456-u.metadata.json')
  })

  it('parses the version of a location; an unparsable name counts as -1', () => {
    expect(parseMetadataVersion('s3://b/t/metadata/00007-abc.metadata.json')).toBe(7)
    expect(parseMetadataVersion('s3://b/t/metadata/v3.metadata.json')).toBe(-1)
    expect(parseMetadataVersion('s3://b/t/metadata/x-abc.metadata.json')).toBe(-1)
  })

  it('puts the next file in {location}/metadata, or write.metadata.path, with the codec extension', () => {
    const md = { location: 's3://b/t', properties: {} }
    expect(nextMetadataLocation(md, null, 'u')).toBe('s3://b/t/metadata/00000-u.metadata.json')
    expect(nextMetadataLocation(md, 's3://b/t/metadata/00004-x.metadata.json', 'u')).toBe(
      's3://b/t/metadata/00005-u.metadata.json',
    )
    expect(nextMetadataLocation(md, 's3://b/t/metadata/odd.json', 'u')).toBe(
      's3://b/t/metadata/00000-u.metadata.json',
    )
    const custom = {
      location: 's3://b/t',
      properties: { 'write.metadata.path': 's3://m/dir/', 'write.metadata.compression-codec': 'gzip' },
    }
    expect(nextMetadataLocation(custom, null, 'u')).toBe('s3://m/dir/00000-u.gz.metadata.json')
    expect(nextMetadataLocation({ location: 's3://b/v' }, null, 'u', 'gzip')).toBe(
      's3://b/v/metadata/00000-u.gz.metadata.json',
    )
  })
})
