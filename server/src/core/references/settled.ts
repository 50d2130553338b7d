/** A value, or the promise of it while it is still being computed. */
export type Pending<T> = T | Promise<T>;

/**
 * A cache of asynchronous loads that hands out the value itself once it has settled,
 * so hot loops read it without an `await` (each one costs a promise and a microtask
 * hop, thousands of times per skill). Loads must not reject.
 */
export class SettledCache<T> {
  private readonly entries = new Map<string, Pending<T>>();

  /** The cached value, or the promise of the load still running; starts `load` on a miss. */
  get(key: string, load: () => Pending<T>): Pending<T> {
    const v = this.entries.get(key);
    if (v !== undefined || this.entries.has(key)) return v as Pending<T>;
    const p = load();
    this.entries.set(key, p);
    if (p instanceof Promise) {
      void p.then((value) => {
        if (this.entries.get(key) === p) this.entries.set(key, value);
      });
    }
    return p;
  }

  /** Stores a value already at hand. */
  set(key: string, value: T): void {
    this.entries.set(key, value);
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }
}

/** `f(value)`, at once when the value is at hand, else once its promise settles. */
export function after<T, U>(value: Pending<T>, f: (v: T) => Pending<U>): Pending<U> {
  return value instanceof Promise ? value.then(f) : f(value);
}

/** Steps that yield what they wait for; each `yield` is typed where its value is received. */
// TypeScript types every yield of a generator alike; `any` lets each receiving line say its type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Steps<T> = Generator<unknown, T, any>;

/**
 * Runs steps written as a generator that yields each value it waits for and gets it
 * back: synchronously while every value is already at hand (settled caches), and on
 * from the first pending one once its promise settles.
 */
export function settle<T>(steps: Steps<T>, input?: unknown): Pending<T> {
  for (let r = steps.next(input); ; r = steps.next(r.value)) {
    if (r.done) return r.value;
    if (r.value instanceof Promise) return r.value.then((v) => settle(steps, v));
  }
}
