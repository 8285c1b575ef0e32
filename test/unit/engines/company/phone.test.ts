import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { countryCode, countryOfHost, phoneKey } from '../../../../engines/company/phone.ts';

describe('phone numbers by their E.164 form', () => {
  it('gives one key to one number however it is written', () => {
    const keys = ['(503) 555-0142', '503.555.0142', '+1-503-555-0142', '1 503 555 0142', 'tel:+15035550142'].map((written) => phoneKey(written));
    assert.deepEqual(new Set(keys), new Set(['+15035550142']));
  });
  it("puts the page's country code before a national number and drops its trunk 0", () => {
    assert.equal(phoneKey('0113 234 5678', { country: 'GB' }), '+441132345678');
    assert.equal(phoneKey('+44 113 234 5678', { country: 'GB' }), '+441132345678');
    assert.equal(phoneKey('0049 40 123456'), '+4940123456');
    assert.equal(phoneKey('040 123456', { country: 'DE' }), '+4940123456');
  });
  it('keeps the digits when the country cannot be told, and is no number for too few or too many digits', () => {
    assert.equal(phoneKey('0113 234 5678'), '01132345678');
    assert.equal(phoneKey('12345'), null);
    assert.equal(phoneKey('1234567890123456'), null);
    assert.equal(phoneKey('(503) 555-0142 ext. 12'), '+15035550142');
  });
  it('reads the country of an address or a country-code domain', () => {
    assert.equal(countryCode('de'), 'DE');
    assert.equal(countryCode('United Kingdom'), 'GB');
    assert.equal(countryCode('Narnia'), null);
    assert.equal(countryOfHost('northwind.co.uk'), 'GB');
    assert.equal(countryOfHost('acme.com'), null);
  });
});
