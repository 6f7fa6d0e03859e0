/** A pool that runs at most `concurrency` tasks at once (docs/behaviour.md "Limits and constants"). */
export class TaskPool {
  private running = 0;
  private readonly queue: Array<() => void> = [];

  constructor(readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be a positive integer');
  }

  get size(): number {
    return this.running + this.queue.length;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        // A task that throws instead of rejecting must still free its slot.
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            this.queue.shift()?.();
          });
      };
      if (this.running < this.concurrency) start();
      else this.queue.push(start);
    });
  }

}
