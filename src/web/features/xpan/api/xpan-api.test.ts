import { describe, expect, it } from 'vitest';
import { decodeText } from './xpan-api';

describe('decodeText', () => {
  it('decodes UTF-8 and drops a character cut off at the end of a partial read', () => {
    const bytes = new TextEncoder().encode('吾輩は猫である');
    expect(decodeText(bytes, false)).toBe('吾輩は猫である');
    expect(decodeText(bytes.subarray(0, bytes.length - 1), true)).toBe('吾輩は猫であ');
  });

  it('falls back to Shift_JIS for Japanese text that is not UTF-8', () => {
    // 吾輩は猫である in Shift_JIS.
    const sjis = new Uint8Array([0x8c, 0xe1, 0x94, 0x79, 0x82, 0xcd, 0x94, 0x4c, 0x82, 0xc5, 0x82, 0xa0, 0x82, 0xe9]);
    expect(decodeText(sjis, false)).toBe('吾輩は猫である');
  });
});
