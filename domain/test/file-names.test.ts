import { describe, expect, it } from 'vitest';
import { displayNameFor, downloadNameFor } from '../src/files.ts';

describe("a file's names keep the stored file's extension", () => {
  it('replaces a typed extension of another type, keeps the rest of the name as typed', () => {
    expect(displayNameFor('invoice.pdf', 'zip')).toBe('invoice.zip');
    expect(displayNameFor('invoice.hta', 'pdf')).toBe('invoice.pdf');
    expect(displayNameFor('Invoice.PDF', 'pdf')).toBe('Invoice.PDF');
    expect(displayNameFor('Wiring diagram', 'pdf')).toBe('Wiring diagram');
    expect(displayNameFor('Report v1.2', 'pdf')).toBe('Report v1.2');
    expect(displayNameFor('.lnk', 'pdf')).toBe('file.pdf');
  });

  it('always saves under the stored extension', () => {
    expect(downloadNameFor('Wiring diagram', 'pdf')).toBe('Wiring diagram.pdf');
    expect(downloadNameFor('scan.hta', 'png')).toBe('scan.png');
    expect(downloadNameFor('scan.png', 'png')).toBe('scan.png');
    expect(downloadNameFor('Report v1.2', 'xlsx')).toBe('Report v1.2.xlsx');
    expect(downloadNameFor('trailing.pdf.', 'zip').endsWith('.zip')).toBe(true);
  });
});
