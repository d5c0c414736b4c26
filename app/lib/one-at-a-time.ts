const running = new Map<string, Promise<void>>();

/**
 * Runs `work` once every earlier call with the same `key` in this process has finished: calls
 * with one key run one after another, calls with different keys side by side.
 */
export function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const result = (running.get(key) ?? Promise.resolve()).then(work);
  const done = result.then(
    () => {},
    () => {},
  );
  running.set(key, done);
  void done.then(() => {
    if (running.get(key) === done) running.delete(key);
  });
  return result;
}
