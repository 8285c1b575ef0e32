import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodeBody, declaredCharset, headerCharset } from '../../../../engines/net/charset.ts';

describe('charset', () => {
  it('reads the charset parameter of Content-Type', () => {
    assert.equal(headerCharset('text/html; charset=ISO-8859-1'), 'ISO-8859-1');
    assert.equal(headerCharset('text/html;charset="windows-1252"'), 'windows-1252');
    assert.equal(headerCharset('text/html'), null);
    assert.equal(headerCharset(undefined), null);
  });

  it('finds <meta charset>, <meta http-equiv> and the XML declaration in the first 1024 bytes only', () => {
    assert.equal(declaredCharset(Buffer.from('<html><head><meta charset="shift_jis">')), 'shift_jis');
    assert.equal(declaredCharset(Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">')), 'windows-1251');
    assert.equal(declaredCharset(Buffer.from('<?xml version="1.0" encoding="ISO-8859-15"?><rss/>')), 'ISO-8859-15');
    assert.equal(declaredCharset(Buffer.from('<meta charset="utf-16">')), 'utf-8');
    assert.equal(declaredCharset(Buffer.from(`${' '.repeat(1100)}<meta charset="shift_jis">`)), null);
  });

  it('decodes by BOM, then header, then meta, else UTF-8; unknown labels fall through', () => {
    const latin1 = Buffer.from([0x63, 0x61, 0x66, 0xe9]); // "café" in ISO-8859-1
    assert.equal(decodeBody(latin1, 'text/html; charset=iso-8859-1'), 'café');
    assert.equal(decodeBody(Buffer.concat([Buffer.from('<meta charset="windows-1252">'), latin1]), 'text/html'), '<meta charset="windows-1252">café');
    assert.equal(decodeBody(Buffer.from('café'), 'text/html'), 'café');
    assert.equal(decodeBody(Buffer.from('café'), 'text/html; charset=no-such-charset'), 'café');
    assert.equal(decodeBody(Buffer.from([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00]), 'text/html; charset=iso-8859-1'), 'hi', 'a BOM wins over the header');
    assert.equal(decodeBody(Buffer.from([0x82, 0xa0]), 'text/plain; charset=shift_jis'), 'あ');
  });

  it('decodes windows-1252 (and the latin1 and ascii labels, which mean it) with its 0x80–0x9F characters', () => {
    const quoted = Buffer.from([0x93, 0x68, 0x69, 0x94, 0x20, 0x80, 0x35, 0x96, 0xe9]);
    for (const label of ['windows-1252', 'iso-8859-1', 'latin1', 'us-ascii'])
      assert.equal(decodeBody(quoted, `text/html; charset=${label}`), '\u201chi\u201d \u20ac5\u2013é', label);
  });
});
