/** The last `capacity` items, in a preallocated circle: a new one overwrites the oldest, memory never grows. */
export class LogRing<T> {
  private readonly items: (T | undefined)[];
  private next = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('a ring holds at least one item');
    this.items = new Array<T | undefined>(capacity).fill(undefined);
  }

  get size(): number {
    return this.count;
  }

  push(item: T): void {
    this.items[this.next] = item;
    this.next = (this.next + 1) % this.capacity;
    if (this.count < this.capacity) this.count += 1;
  }

  /** Up to `limit` of the newest items that pass `keep`, oldest first. */
  newest(limit: number, keep: (item: T) => boolean = () => true): T[] {
    const picked: T[] = [];
    for (let back = 1; back <= this.count && picked.length < limit; back += 1) {
      const item = this.items[(this.next - back + this.capacity) % this.capacity] as T;
      if (keep(item)) picked.push(item);
    }
    return picked.reverse();
  }
}
