/**
 * A least-recently-used cache bounded by a total weight (e.g. characters or bytes) and, if asked,
 * a number of entries, on a Map's insertion order: a hit moves the entry to the end, the oldest
 * leave first. A value edited in place is set again to be weighed again.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private total = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (key: K, value: V) => number = () => 1,
    private readonly maxEntries = Infinity,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Adds or replaces the entry (weighing it now) as the most recent one, then makes room. */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(key, value);
    if (weight > this.maxWeight) return;
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxWeight && this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
    }
  }

  delete(key: K): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.total -= old.weight;
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  get weight(): number {
    return this.total;
  }
}
