/**
 * Sizes as the app shows them, on screens, in server messages and in the benches' figures. A KB is
 * 1,000 bytes (as the budgets are written), so "1.5 MB" means 1,500,000 bytes everywhere. A limit
 * set in binary units reads in them ("4 GiB", not "4.3 GB"): see `formatBytes`' `kind`.
 */
const units = ['KB', 'MB', 'GB', 'TB'] as const;
const binaryUnits = ['KiB', 'MiB', 'GiB', 'TiB'] as const;
export const bytesPerKilobyte = 1000;
const bytesPerKibibyte = 1024;

/**
 * "512 B", "1.5 KB", "998 MB", "4.3 GB": one decimal below 10, whole numbers from there.
 * A `limit` (a largest size a setting allows) that is a whole number of KiB, MiB, GiB or TiB and
 * not of KB was set in binary units and says so: 4 × 1024³ bytes is "4 GiB", 200 × 1024² "200 MiB";
 * any other limit, and every measured size, reads in decimal units.
 */
export function formatBytes(bytes: number, kind: 'size' | 'limit' = 'size'): string {
  if (kind === 'limit') {
    const binary = wholeBinary(bytes);
    if (binary) return binary;
  }
  if (bytes < bytesPerKilobyte) return `${bytes} B`;
  let value = bytes / bytesPerKilobyte;
  let unit = 0;
  // 999.6 MB would round to "1000 MB"; it reads as "1.0 GB".
  while (value >= bytesPerKilobyte - 0.5 && unit < units.length - 1) {
    value /= bytesPerKilobyte;
    unit += 1;
  }
  return `${value < 9.95 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/**
 * "4 GiB" for a figure that is a whole number of KiB but not of KB (set in binary units), in the
 * largest binary unit it is a whole number of; null for any other.
 */
function wholeBinary(bytes: number): string | null {
  if (bytes <= 0 || bytes % bytesPerKibibyte !== 0 || bytes % bytesPerKilobyte === 0) return null;
  for (let unit = binaryUnits.length - 1; unit >= 0; unit -= 1) {
    const size = bytesPerKibibyte ** (unit + 1);
    if (bytes % size === 0) return `${bytes / size} ${binaryUnits[unit]}`;
  }
  return null;
}

/** KB with one decimal, for a figure whose unit is given apart (the benches' `{value, unit: 'KB'}`). */
export function kilobytes(bytes: number): number {
  return Math.round(bytes / (bytesPerKilobyte / 10)) / 10;
}
