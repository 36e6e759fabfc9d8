// A minimal POSIX ustar writer: enough to pack a person's recordings into one download without a dependency and
// without holding more than one file's read buffer in memory.

const BLOCK = 512;

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, "0")}\0`;
}

/** The 512-byte header of one regular file (name up to 100 bytes, as our generated names are). */
export function tarHeader(name: string, size: number, modified: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(name) > 100) throw new Error(`tar name too long: ${name}`);
  header.write(name, 0, 100, "utf8");
  header.write(octal(0o644, 8), 100, 8, "ascii");
  header.write(octal(0, 8), 108, 8, "ascii");
  header.write(octal(0, 8), 116, 8, "ascii");
  header.write(octal(size, 12), 124, 12, "ascii");
  header.write(octal(Math.floor(modified.getTime() / 1000), 12), 136, 12, "ascii");
  header.write("        ", 148, 8, "ascii"); // checksum field counts as spaces while summing
  header.write("0", 156, 1, "ascii");
  header.write("ustar\0", 257, 6, "ascii");
  header.write("00", 263, 2, "ascii");
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
  return header;
}

/** Zero bytes that round a file's data up to a whole block. */
export const tarPadding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Two empty blocks end an archive. */
export const tarEnd = () => Buffer.alloc(BLOCK * 2);
