// Coalesces concurrent reads of one kind into one query (the "group commit" of reads): a key
// asked for while no batch runs starts one at the next turn of the event loop; keys asked for
// while a batch runs wait for the next, which then answers all of them with one query. So a
// burst of N calls costs a handful of queries instead of N, each waiting for a pool connection
// and each paying a round trip; a lone call waits one turn of the event loop (microseconds).
//
// The same key asked for twice in one batch is read once, and both get the same answer. Every
// answer comes from a query that started after it was asked for: nothing is kept between
// batches, so a batched read is exactly as fresh as a read of its own would have been.

export type BatchLoad<K, V> = (keys: K[]) => Promise<Map<K, V>>;

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

export class ReadBatcher<K, V> {
  private pending = new Map<K, Waiter<V>[]>();
  private running = false;

  /** `load` answers the keys it finds; a key it leaves out is answered `undefined`. */
  constructor(
    private readonly load: BatchLoad<K, V>,
    private readonly maxKeys = 500,
  ) {}

  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.pending.size) {
      const batch = new Map<K, Waiter<V>[]>();
      for (const [key, waiters] of this.pending) {
        if (batch.size >= this.maxKeys) break;
        batch.set(key, waiters);
      }
      for (const key of batch.keys()) this.pending.delete(key);
      try {
        const found = await this.load([...batch.keys()]);
        for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
      } catch (error) {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      }
    }
    this.running = false;
  }
}
