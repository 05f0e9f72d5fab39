import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isSafeKey, UrlSigner } from '../../src/platform/storage.ts';

describe('signed file URLs', () => {
  const signer = new UrlSigner(randomBytes(32));
  const parse = (url: string) => {
    const u = new URL(url, 'http://x');
    return { expires: Number(u.searchParams.get('expires')), signature: u.searchParams.get('signature')! };
  };

  it('verify only the key they were made for, before expiry', () => {
    const { expires, signature } = parse(signer.readUrl('sites/2/abc.svg')!);
    expect(signer.verifyRead('sites/2/abc.svg', expires, signature)).toBe(true);
    expect(signer.verifyRead('sites/3/abc.svg', expires, signature)).toBe(false);
    expect(signer.verifyRead('sites/2/abc.svg', expires + 1, signature)).toBe(false);
    const past = Math.floor(Date.now() / 1000) - 1;
    expect(signer.verifyRead('sites/2/abc.svg', past, signer.sign('read', 'sites/2/abc.svg', past))).toBe(
      false,
    );
  });

  it('keep read and upload signatures apart, and bind an upload to its size', () => {
    const read = parse(signer.readUrl('attachments/1/f.pdf')!);
    expect(signer.verifyUpload('attachments/1/f.pdf', 10, read.expires, read.signature)).toBe(false);
    const upload = parse(signer.uploadUrl('attachments/1/f.pdf', 10));
    expect(signer.verifyUpload('attachments/1/f.pdf', 10, upload.expires, upload.signature)).toBe(true);
    expect(signer.verifyUpload('attachments/1/f.pdf', 11, upload.expires, upload.signature)).toBe(false);
    expect(signer.verifyRead('attachments/1/f.pdf', upload.expires, upload.signature)).toBe(false);
  });

  it('refuse keys that climb out of the store', () => {
    expect(isSafeKey('attachments/12/file.pdf')).toBe(true);
    expect(isSafeKey('../etc/passwd')).toBe(false);
    expect(isSafeKey('attachments/../../x')).toBe(false);
    expect(isSafeKey('/abs/path')).toBe(false);
  });
});
