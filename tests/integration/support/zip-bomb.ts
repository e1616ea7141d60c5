import { constants, deflateRawSync } from 'node:zlib';

/**
 * A zip that looks like an xlsx (it lists xl/workbook.xml) and whose sheet declares 1 KB but
 * inflates to `gigabytes` GB of zeros, in about 1 MB per GB: one fully flushed deflate block of
 * 1 MB of zeros (self-contained, so it can be repeated) written 1,024 times per GB, then an empty
 * final block. The probe of issue 24 sent exactly this to both workbook imports.
 */
export function zipBomb(gigabytes = 1): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  // BFINAL=1, BTYPE=stored, LEN=0, NLEN=~0: ends the stream after the byte-aligned flushed blocks
  const sheet = Buffer.concat([
    ...Array.from({ length: 1024 * gigabytes }, () => block),
    Buffer.from([1, 0, 0, 0xff, 0xff]),
  ]);
  const workbook = Buffer.from('<?xml version="1.0"?><workbook/>');
  return zipOf([
    { name: 'xl/workbook.xml', method: 0, packed: workbook, declared: workbook.length },
    { name: 'xl/worksheets/sheet1.xml', method: 8, packed: sheet, declared: 1024 },
  ]);
}

interface Part {
  name: string;
  method: 0 | 8;
  packed: Buffer;
  /** The uncompressed size the archive claims (a lie for the bomb). */
  declared: number;
}

/** A zip of ready-packed parts: local headers and data, the central directory, its end record (CRCs left 0: no reader we feed checks them). */
function zipOf(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.packed.length, 18);
    local.writeUInt32LE(part.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(part.method, 10);
    entry.writeUInt32LE(part.packed.length, 20);
    entry.writeUInt32LE(part.declared, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, part.packed);
    directory.push(entry, name);
    offset += local.length + name.length + part.packed.length;
  }
  const size = directory.reduce((sum, each) => sum + each.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

/**
 * How far this process's memory rose above where it stood while `work` ran: resident set size and
 * the V8 heap plus buffers outside it, sampled every few milliseconds (the test server runs in the
 * test's own process, so its work shows here).
 */
export async function memoryGrowthDuring<T>(work: () => Promise<T>): Promise<{ result: T; rss: number; heap: number }> {
  // `external` already holds `arrayBuffers` (Node's Buffers): adding both counted every Buffer twice
  const heapOf = (usage: NodeJS.MemoryUsage) => usage.heapUsed + usage.external;
  const before = process.memoryUsage();
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss - before.rss);
    heap = Math.max(heap, heapOf(now) - heapOf(before));
  };
  const timer = setInterval(sample, 5);
  try {
    const result = await work();
    sample();
    return { result, rss, heap };
  } finally {
    clearInterval(timer);
  }
}
