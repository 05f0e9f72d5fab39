/** Files that attack the spreadsheet reader. */

/** A zip whose central directory claims `entries` parts of `size` bytes each (never inflated). */
export function zipClaiming(entries: number, size: number): Buffer {
  const parts: Buffer[] = [];
  for (let n = 0; n < entries; n++) {
    const name = Buffer.from(`xl/part${n}.xml`);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt32LE(1000, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    parts.push(entry, name);
  }
  const directory = Buffer.concat(parts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(0, 16);
  return Buffer.concat([directory, end]);
}
