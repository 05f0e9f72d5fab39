import { describe, expect, it } from 'vitest';
import { safeName, ZipNames } from '../../src/modules/handover/names.ts';

describe('the names inside a handover ZIP', () => {
  it('replaces what Windows, macOS or a path would take badly', () => {
    expect(safeName('a/b\\c:d*e?f"g<h>i|j.pdf')).toBe('a_b_c_d_e_f_g_h_i_j.pdf');
    expect(safeName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(safeName('  .hidden.  ')).toBe('hidden');
    expect(safeName('CON.txt')).toBe('_CON.txt');
    expect(safeName('tab\tand\nnewline')).toBe('tab_and_newline');
    expect(safeName('', 'file')).toBe('file');
    expect(safeName('...', 'Device 7')).toBe('Device 7');
    expect(safeName('Schéma électrique – niveau 0.pdf')).toBe('Schéma électrique – niveau 0.pdf');
  });

  it('shortens a long name and keeps its extension', () => {
    const name = safeName(`${'x'.repeat(300)}.pdf`);
    expect(name).toHaveLength(120);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('numbers a name already taken in its folder, ignoring case, and not one in another folder', () => {
    const names = new ZipNames();
    expect(names.claim('a/', 'Plan.pdf')).toBe('a/Plan.pdf');
    expect(names.claim('a/', 'plan.pdf')).toBe('a/plan (2).pdf');
    expect(names.claim('a/', 'Plan.pdf')).toBe('a/Plan (3).pdf');
    expect(names.claim('b/', 'Plan.pdf')).toBe('b/Plan.pdf');
    expect(names.claim('a/', 'README')).toBe('a/README');
    expect(names.claim('a/', 'readme')).toBe('a/readme (2)');
  });

  it('makes folders unique beside the files and folders already there', () => {
    const names = new ZipNames();
    expect(names.folder('', 'Ground', 'Floor 1')).toBe('Ground/');
    expect(names.folder('', 'ground', 'Floor 2')).toBe('ground (2)/');
    expect(names.folder('Ground/', '', 'Device 9')).toBe('Ground/Device 9/');
  });
});
