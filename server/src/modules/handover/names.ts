/**
 * Names of the files and folders inside a handover ZIP: safe on every system that unpacks it
 * (Windows' forbidden characters and reserved names, no path separators, no leading dots) and
 * unique in their folder, ignoring case, as Windows and macOS compare them.
 */

// Control characters are matched by code below; a regex literal holding them reads badly.
const UNSAFE = /[<>:"/\\|?*]/g;
const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;
const MAX_LENGTH = 120;

function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  // A dot at the start is part of the name, and an "extension" of 10 characters or more is not one.
  if (dot <= 0 || name.length - dot > 10) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

export function safeName(name: string, fallback = 'file'): string {
  let safe = [...name.normalize('NFC')]
    .map((c) => (isControl(c) ? '_' : c))
    .join('')
    .replace(UNSAFE, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (RESERVED.test(safe)) safe = `_${safe}`;
  if (safe.length > MAX_LENGTH) {
    const [stem, extension] = splitExtension(safe);
    safe = `${stem.slice(0, MAX_LENGTH - extension.length).trimEnd()}${extension}`;
  }
  return safe || fallback;
}

/** Hands out names in folders: the second `plan.pdf` of a folder becomes `plan (2).pdf`. */
export class ZipNames {
  private readonly taken = new Map<string, Set<string>>();

  /** `folder` is '' or a path ending in '/'; answers the entry's full path. */
  claim(folder: string, wanted: string, fallback?: string): string {
    const names = this.taken.get(folder) ?? new Set<string>();
    this.taken.set(folder, names);
    const name = safeName(wanted, fallback);
    const [stem, extension] = splitExtension(name);
    let candidate = name;
    for (let n = 2; names.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
    names.add(candidate.toLowerCase());
    return `${folder}${candidate}`;
  }

  /** A sub-folder of `parent`, unique beside the files and folders already there; ends in '/'. */
  folder(parent: string, wanted: string, fallback: string): string {
    return `${this.claim(parent, wanted, fallback)}/`;
  }
}
