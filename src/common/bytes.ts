/**
 * Sizes as the app shows them, on screens, in server messages and in the benches' figures. A KB is
 * 1,000 bytes (as the budgets are written), so "1.5 MB" means 1,500,000 bytes everywhere.
 */
const units = ['KB', 'MB', 'GB', 'TB'] as const;
export const bytesPerKilobyte = 1000;

/** "512 B", "1.5 KB", "998 MB", "4.3 GB": one decimal below 10, whole numbers from there. */
export function formatBytes(bytes: number): string {
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

/** KB with one decimal, for a figure whose unit is given apart (the benches' `{value, unit: 'KB'}`). */
export function kilobytes(bytes: number): number {
  return Math.round(bytes / (bytesPerKilobyte / 10)) / 10;
}
