import { describe, expect, it } from 'vitest';
import { precheck } from './upload-queue';

describe('library upload precheck', () => {
  it('accepts the contract types, any case', () => {
    expect(precheck({ name: '吾輩は猫である.TXT', size: 10 })).toBeNull();
    expect(precheck({ name: 'ep01.srt', size: 10 })).toBeNull();
  });
  it('names the file and the cause', () => {
    expect(precheck({ name: 'photo.png', size: 10 })).toMatch(/^photo.png: unsupported file type/);
    expect(precheck({ name: 'empty.txt', size: 0 })).toBe('empty.txt: the file is empty');
  });
});
